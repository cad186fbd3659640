import type { PaymentBatch, PaymentLineCorrection } from '@ushirika/contracts';
import { yearInTanzania } from '@ushirika/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { banks } from '../../cooperative/schema.ts';
import { paymentBatches, paymentLines } from '../schema.ts';
import { methodSql, refreshBatchTotals } from './draft-payment-batches.ts';
import { getBatch } from './queries.ts';

/**
 * Puts failed lines into a new draft batch, with the payee's current bank account or phone. Each
 * failed line is retried once (`retried`, and a unique index on the new line's link); a paid line
 * can never be retried, so nobody is paid twice. The officer may correct a line's wallet or bank
 * account for its retry (`corrections`, issue #20): the new line is paid to the corrected details,
 * each correction audited on the new batch; the payee's own record is left as it is.
 */
export async function retryLines(
  db: DbOrTx,
  actor: Actor,
  { lineIds, corrections = [] }: { lineIds: string[]; corrections?: PaymentLineCorrection[] },
): Promise<PaymentBatch> {
  if (corrections.some((c) => !lineIds.includes(c.lineId)))
    throw new ValidationError('A correction must be for one of the lines paid again');
  if (new Set(corrections.map((c) => c.lineId)).size !== corrections.length)
    throw new ValidationError('Correct each line once');
  return db.transaction(async (tx) => {
    const lines = await tx.select().from(paymentLines).where(inArray(paymentLines.id, lineIds)).for('update');
    if (lines.length !== new Set(lineIds).size) throw new NotFoundError('Payment line not found');
    if (lines.some((l) => l.status !== 'failed'))
      throw new ConflictError('Only failed lines can be paid again; a paid or retried line cannot');
    const batches = await tx
      .select({ partyType: paymentBatches.partyType })
      .from(paymentBatches)
      .where(inArray(paymentBatches.id, [...new Set(lines.map((l) => l.batchId))]));
    const kinds = new Set(batches.map((b) => b.partyType));
    if (kinds.size !== 1) throw new ValidationError('Retry the lines of one kind of payee at a time');
    const [partyType] = [...kinds];
    const batchId = uuidv7();
    const batchNo = await nextDocumentNumber(tx, 'PB', yearInTanzania());
    await tx.insert(paymentBatches).values({
      id: batchId,
      batchNo,
      settlementId: lines.every((l) => l.settlementId === lines[0]?.settlementId)
        ? (lines[0]?.settlementId ?? null)
        : null,
      partyType: partyType ?? 'farmer',
      isRetry: true,
      lineCount: 0,
      total: '0',
      createdBy: actor.userId,
    });
    await tx.execute(sql`
      insert into payment_lines (id, batch_id, settlement_id, party_type, party_id, amcos_id, payable, via_amcos_id,
        payee_name, method, bank_name, account_no, phone, amount, reference, retry_of_line_id)
      select gen_random_uuid(), ${batchId}, o.settlement_id, o.party_type, o.party_id, o.amcos_id, o.payable,
        o.via_amcos_id, o.payee_name,
        case o.party_type
          when 'farmer' then (select ${methodSql('f.bank_id', 'f.account_no', 'f.phone')} from farmers f where f.id = o.party_id)
          when 'amcos' then (select ${methodSql('a.bank_id', 'a.account_no', 'a.phone')} from amcos a where a.id = o.party_id)
          when 'beneficiary' then (select ${methodSql('e.bank_id', 'e.account_no', 'null')} from beneficiaries e where e.id = o.party_id)
          else (select ${methodSql('null', 'null', 't.phone')} from transporters t where t.id = o.party_id) end,
        coalesce((select b.name from farmers f join banks b on b.id = f.bank_id where f.id = o.party_id and o.party_type = 'farmer'),
                 (select b.name from amcos a join banks b on b.id = a.bank_id where a.id = o.party_id and o.party_type = 'amcos'),
                 (select b.name from beneficiaries e join banks b on b.id = e.bank_id where e.id = o.party_id and o.party_type = 'beneficiary')),
        coalesce((select f.account_no from farmers f where f.id = o.party_id and o.party_type = 'farmer'),
                 (select a.account_no from amcos a where a.id = o.party_id and o.party_type = 'amcos'),
                 (select e.account_no from beneficiaries e where e.id = o.party_id and o.party_type = 'beneficiary')),
        coalesce((select f.phone from farmers f where f.id = o.party_id and o.party_type = 'farmer'),
                 (select a.phone from amcos a where a.id = o.party_id and o.party_type = 'amcos'),
                 (select t.phone from transporters t where t.id = o.party_id and o.party_type = 'transporter')),
        o.amount, o.reference || '/R', o.id
      from payment_lines o where o.id = any(${`{${lineIds.join(',')}}`}::uuid[])`);
    await tx.update(paymentLines).set({ status: 'retried' }).where(inArray(paymentLines.id, lineIds));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'payment_batch',
      entityId: batchId,
      after: { batchNo, retryOf: lineIds },
    });
    for (const correction of corrections) await correctLine(tx, actor, batchId, correction);
    await refreshBatchTotals(tx, batchId);
    return getBatch(tx, batchId);
  });
}

/** The account a correction pays to: a bank account (the bank's name read) or, naming no bank, a wallet. */
export async function correctedAccount(tx: DbOrTx, c: PaymentLineCorrection) {
  let bankName: string | null = null;
  if (c.bankId) {
    const [bank] = await tx.select({ name: banks.name }).from(banks).where(eq(banks.id, c.bankId));
    if (!bank) throw new ValidationError('Bank not found', { bankId: ['Bank not found'] });
    bankName = bank.name;
  }
  return {
    method: c.bankId ? ('bank' as const) : ('mobile' as const),
    bankName,
    accountNo: c.bankId ? c.accountNo : null,
    phone: c.phone,
  };
}

/** Pays a retried line to the corrected bank account or wallet, and records what it was before. */
async function correctLine(tx: DbOrTx, actor: Actor, batchId: string, c: PaymentLineCorrection) {
  const corrected = await correctedAccount(tx, c);
  const where = and(eq(paymentLines.batchId, batchId), eq(paymentLines.retryOfLineId, c.lineId));
  const [line] = await tx.select().from(paymentLines).where(where);
  if (!line) throw new NotFoundError('Payment line not found');
  await tx.update(paymentLines).set(corrected).where(where);
  await auditCorrection(tx, actor, batchId, line, corrected);
}

type Account = Pick<
  typeof paymentLines.$inferSelect,
  'payeeName' | 'method' | 'bankName' | 'accountNo' | 'phone'
>;

/**
 * A line's corrected account, audited on its batch: the account before and after, with `about`
 * (the line's id, the name the provider found) in the before, and its line id in the after.
 */
export function auditCorrection(
  tx: DbOrTx,
  actor: Actor,
  batchId: string,
  line: Account,
  corrected: Omit<Account, 'payeeName'>,
  about: { lineId?: string; registeredName?: string | null } = {},
) {
  const { payeeName, method, bankName, accountNo, phone } = line;
  const lineId = about.lineId === undefined ? {} : { lineId: about.lineId };
  return recordAudit(tx, {
    actorId: actor.userId,
    action: 'line_corrected',
    entity: 'payment_batch',
    entityId: batchId,
    before: { ...about, payeeName, method, bankName, accountNo, phone },
    after: { ...lineId, payeeName, ...corrected },
  });
}
