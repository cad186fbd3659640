import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { enqueueSmsSql } from '../../../platform/sms-outbox.ts';
import { FARMER_SMS, groupedAmountSql, smsTextSql } from '../../../platform/sms-texts.ts';

/**
 * Each farmer's SMS of an approved settlement (#31: what they will receive and why), in their
 * language, once per settlement and farmer (the outbox's event key): their gross share, the
 * deductions, the loan recovered, the member's shares paid from it (when any) and the net, summed from their settlement_farmers rows, the
 * same rows their statement and the USSD menu sum. One INSERT ... SELECT builds the texts in SQL
 * (`smsTextSql`, `groupedAmountSql`): a settlement of 50,000 farmers writes its SMS without
 * carrying them through the API and back (docs/DECISIONS.md).
 */
export async function queueSettlementSms(
  tx: DbOrTx,
  settlementId: string,
  settlementNo: string,
): Promise<void> {
  const values = {
    society: sql`s.society`,
    no: sql`${settlementNo}::text`,
    gross: groupedAmountSql(sql`s.gross`),
    deductions: groupedAmountSql(sql`s.deductions`),
    loan: groupedAmountSql(sql`s.loan`),
    shares: groupedAmountSql(sql`s.shares`),
    net: groupedAmountSql(sql`s.net`),
  };
  const text = (template: { sw: string; en: string }) =>
    sql`case when s.lang = 'en' then ${smsTextSql(template.en, values)} else ${smsTextSql(template.sw, values)} end`;
  await tx.execute(
    enqueueSmsSql(
      sql`select gen_random_uuid() as id, s.recipient,
            case when s.shares = 0 then ${text(FARMER_SMS.settlementApproved)}
              else ${text(FARMER_SMS.settlementApprovedWithShares)} end as body,
            'settlement-approved:' || ${settlementId}::text || ':' || s.farmer_id::text as event_key
          from (select sf.farmer_id, f.phone as recipient, a.name as society,
                  sum(sf.gross_share) as gross, sum(sf.deductions) as deductions,
                  sum(sf.loan_recovery) as loan, sum(sf.member_shares) as shares, sum(sf.net) as net,
                  coalesce(max(fp.language), 'sw') as lang
                from settlement_farmers sf
                join farmers f on f.id = sf.farmer_id
                join amcos a on a.id = f.amcos_id
                left join farmer_pins fp on fp.farmer_id = f.id
                where sf.settlement_id = ${settlementId} and coalesce(f.phone, '') <> ''
                group by sf.farmer_id, f.phone, a.name) s`,
      { keyed: true },
    ),
  );
}
