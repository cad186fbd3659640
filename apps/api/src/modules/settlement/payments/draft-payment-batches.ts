import { yearInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { methodSql, refreshBatchTotals } from '../../../platform/payment-batches.ts';
import { paymentBatches } from '../schema.ts';
import { paymentSettingsOf } from './queries.ts';

export { methodSql, refreshBatchTotals };

type Party = 'farmer' | 'amcos' | 'beneficiary' | 'transporter';

/** The SELECT producing one payment line per payee of a settlement, for each kind of batch. */
function linesSelect(party: Party, settlementId: string, settlementNo: string, viaAmcos: boolean) {
  switch (party) {
    case 'farmer':
      if (viaAmcos)
        return sql`select 'amcos' as party_type, a.id as party_id, a.id as amcos_id, 'payable_farmers' as payable,
            a.id as via_amcos_id, a.name as payee_name, ${methodSql('a.bank_id', 'a.account_no', 'a.phone')} as method,
            b.name as bank_name, a.account_no, a.phone, x.amount, ${settlementNo} || '/F/' || a.code as reference
          from (select amcos_id, sum(net) as amount from settlement_farmers where settlement_id = ${settlementId}
                group by amcos_id having sum(net) > 0) x
          join amcos a on a.id = x.amcos_id left join banks b on b.id = a.bank_id`;
      return sql`select 'farmer' as party_type, f.id as party_id, f.amcos_id, 'payable_farmers' as payable,
          null::uuid as via_amcos_id, concat_ws(' ', f.first_name, f.middle_name, f.last_name) as payee_name,
          ${methodSql('f.bank_id', 'f.account_no', 'f.phone')} as method, b.name as bank_name, f.account_no, f.phone,
          x.amount, ${settlementNo} || '/' || f.farmer_no as reference
        from (select farmer_id, sum(net) as amount from settlement_farmers where settlement_id = ${settlementId}
              group by farmer_id having sum(net) > 0) x
        join farmers f on f.id = x.farmer_id left join banks b on b.id = f.bank_id`;
    case 'amcos':
      return sql`select 'amcos' as party_type, a.id as party_id, a.id as amcos_id, 'payable_amcos' as payable,
          null::uuid as via_amcos_id, a.name as payee_name, ${methodSql('a.bank_id', 'a.account_no', 'a.phone')} as method,
          b.name as bank_name, a.account_no, a.phone, x.amount, ${settlementNo} || '/' || a.code as reference
        from (select party_id, sum(amount) as amount from (
                select party_id, amount from settlement_deductions
                where settlement_id = ${settlementId} and party_type = 'amcos'
                -- members' shares paid from crop money go to their AMCOS on the same line (#32)
                union all select amcos_id, member_shares from settlement_farmers
                where settlement_id = ${settlementId} and member_shares > 0
                -- less the AMCOS's union shares taken from its levy (#32): they went to share capital
                union all select amcos_id, -amcos_shares from settlement_lots
                where settlement_id = ${settlementId} and amcos_shares > 0) owed
              group by party_id having sum(amount) > 0) x
        join amcos a on a.id = x.party_id left join banks b on b.id = a.bank_id`;
    case 'beneficiary':
      return sql`select 'beneficiary' as party_type, e.id as party_id, null::uuid as amcos_id,
          'payable_beneficiaries' as payable, null::uuid as via_amcos_id, e.name as payee_name,
          ${methodSql('e.bank_id', 'e.account_no', 'null')} as method, b.name as bank_name, e.account_no,
          null::text as phone, x.amount, ${settlementNo} || '/BEN' as reference
        from (select party_id, sum(amount) as amount from settlement_deductions
              where settlement_id = ${settlementId} and party_type = 'beneficiary' group by party_id) x
        join beneficiaries e on e.id = x.party_id left join banks b on b.id = e.bank_id
        where not e.union_income`;
    case 'transporter':
      return sql`select 'transporter' as party_type, t.id as party_id, null::uuid as amcos_id,
          'payable_transporters' as payable, null::uuid as via_amcos_id, t.name as payee_name,
          ${methodSql('null', 'null', 't.phone')} as method, null::text as bank_name, null::text as account_no,
          t.phone, x.amount, ${settlementNo} || '/TRN' as reference
        from (select party_id, sum(amount) as amount from settlement_deductions
              where settlement_id = ${settlementId} and party_type = 'transporter' group by party_id) x
        join transporters t on t.id = x.party_id`;
  }
}

/**
 * Drafts one payment batch per kind of party (farmers, AMCOS, beneficiaries, transporters) for an
 * approved settlement: one line per payee, summed over the lots. Beneficiaries get the buyer-paid
 * levies too (invoiced to the buyer, already in their payable); beneficiaries that are the union's
 * own income get no line (their share became levy income at approval, #16). Farmers' money goes to each farmer
 * (central payment) or, with the setting, one line per AMCOS.
 */
export async function draftPaymentBatches(
  tx: DbOrTx,
  input: { settlementId: string; settlementNo: string; actorId: string },
): Promise<void> {
  const settings = await paymentSettingsOf(tx);
  const year = yearInTanzania();
  for (const party of ['farmer', 'amcos', 'beneficiary', 'transporter'] as const) {
    const batchId = uuidv7();
    const select = linesSelect(
      party,
      input.settlementId,
      input.settlementNo,
      settings.payFarmersThrough === 'amcos',
    );
    // Whether this kind of payee is owed anything (cheap), before numbering a batch for it.
    const owed =
      party === 'farmer'
        ? sql`select 1 from settlement_farmers where settlement_id = ${input.settlementId} and net > 0 limit 1`
        : party === 'beneficiary'
          ? // the union's own income is not paid out (it became income at approval)
            sql`select 1 from settlement_deductions sd join beneficiaries e on e.id = sd.party_id
                where sd.settlement_id = ${input.settlementId} and sd.party_type = 'beneficiary'
                  and not e.union_income limit 1`
          : party === 'amcos'
            ? // levies + members' shares - the AMCOS's union shares, per AMCOS (#32)
              sql`select 1 from (${select}) s limit 1`
            : sql`select 1 from settlement_deductions where settlement_id = ${input.settlementId}
                  and party_type = ${party} limit 1`;
    if ((await queryRows(tx, owed)).length === 0) continue;
    const batchNo = await nextDocumentNumber(tx, 'PB', year);
    await tx.insert(paymentBatches).values({
      id: batchId,
      batchNo,
      settlementId: input.settlementId,
      partyType: party,
      lineCount: 0,
      total: '0',
      createdBy: input.actorId,
    });
    await tx.execute(sql`
      insert into payment_lines (id, batch_id, settlement_id, party_type, party_id, amcos_id, payable,
        via_amcos_id, payee_name, method, bank_name, account_no, phone, amount, reference)
      select gen_random_uuid(), ${batchId}, ${input.settlementId}, s.party_type, s.party_id, s.amcos_id,
        s.payable, s.via_amcos_id, s.payee_name, s.method, s.bank_name, s.account_no, s.phone, s.amount, s.reference
      from (${select}) s`);
    await refreshBatchTotals(tx, batchId);
  }
}
