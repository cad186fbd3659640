import { dec, sum } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { type Actor, assertSociety } from '../../../platform/access.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { grouped, tablePdf } from '../../accounts/reports/pdf.ts';

/** A farmer's statement: each settled lot (kg, price, gross share, deductions, loan recovery, net) and what was paid. */
export async function farmerStatementPdf(db: DbOrTx, actor: Actor, farmerId: string) {
  const [farmer] = await queryRows<{
    farmerNo: string;
    name: string;
    amcosId: string;
    amcosName: string;
    phone: string | null;
  }>(
    db,
    sql`select f.farmer_no as "farmerNo", concat_ws(' ', f.first_name, f.middle_name, f.last_name) as name,
          f.amcos_id as "amcosId", a.name as "amcosName", f.phone
        from farmers f join amcos a on a.id = f.amcos_id where f.id = ${farmerId}`,
  );
  if (!farmer) throw new NotFoundError('Farmer not found');
  assertSociety(actor, farmer.amcosId);
  const rows = await queryRows<{
    settlementNo: string;
    settledOn: string;
    lotNo: string;
    kg: string;
    price: string;
    grossShare: string;
    deductions: string;
    loanRecovery: string;
    net: string;
  }>(
    db,
    sql`select s.settlement_no as "settlementNo", s.settled_on::text as "settledOn", l.lot_no as "lotNo",
          sf.kg::text as kg, sl.price_per_kg::text as price, sf.gross_share::text as "grossShare",
          sf.deductions::text as deductions, sf.loan_recovery::text as "loanRecovery", sf.net::text as net
        from settlement_farmers sf join settlements s on s.id = sf.settlement_id and s.status = 'approved'
        join settlement_lots sl on sl.id = sf.settlement_lot_id join lots l on l.id = sf.lot_id
        where sf.farmer_id = ${farmerId} order by s.settled_on, l.lot_no`,
  );
  const [paid] = await queryRows<{ paid: string; collections: number }>(
    db,
    sql`select coalesce((select sum(amount) from payment_lines where party_type = 'farmer' and party_id = ${farmerId}
          and status = 'paid'), 0)::numeric(16,2)::text as paid,
        (select count(*)::int from collections where farmer_id = ${farmerId} and status <> 'cancelled') as collections`,
  );
  const total = (k: keyof (typeof rows)[number], dp = 2) => sum(rows.map((r) => r[k])).toFixed(dp);
  const net = total('net');
  const body = await tablePdf({
    title: `Farmer statement: ${farmer.name} (${farmer.farmerNo})`,
    subtitle: [
      `${farmer.amcosName}${farmer.phone ? ` · ${farmer.phone}` : ''} · ${paid?.collections ?? 0} collections`,
      `Net payable ${grouped(net)} · paid ${grouped(paid?.paid ?? '0.00')} · not paid yet ${grouped(
        dec(net)
          .minus(dec(paid?.paid ?? '0'))
          .toFixed(2),
      )}`,
      `Printed ${new Date().toISOString().slice(0, 10)}`,
    ],
    columns: [
      { header: 'Settlement', value: (r) => `${r.settlementNo} ${r.settledOn}` },
      { header: 'Lot', value: (r) => r.lotNo },
      { header: 'Kg', value: (r) => r.kg, align: 'right' },
      { header: 'Price/kg', value: (r) => grouped(r.price), align: 'right' },
      { header: 'Gross', value: (r) => grouped(r.grossShare), align: 'right' },
      { header: 'Deductions', value: (r) => grouped(r.deductions), align: 'right' },
      { header: 'Loan recovery', value: (r) => grouped(r.loanRecovery), align: 'right' },
      { header: 'Net', value: (r) => grouped(r.net), align: 'right' },
    ],
    rows,
    totals: [
      'Total',
      '',
      total('kg', 3),
      '',
      grouped(total('grossShare')),
      grouped(total('deductions')),
      grouped(total('loanRecovery')),
      grouped(net),
    ],
  });
  return { name: `STATEMENT-${farmer.farmerNo}`, body };
}
