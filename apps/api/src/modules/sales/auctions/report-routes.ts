import { auctionReportQuery, auctionReportReply } from '@ushirika/contracts';
import { sum, todayInTanzania } from '@ushirika/domain';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { actorOf, societyOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { toXlsx } from '../../../platform/exports.ts';
import { grouped, tablePdf } from '../../accounts/reports/pdf.ts';
import { unionLetterhead } from '../../cooperative/union.ts';
import { auctionDetails, auctionPrice, groupedTotals, type ReportFilter } from './reports.ts';

const tags = ['reports'];
const read = { permission: 'reports.report.read', audience: 'any' } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Column<T> = { header: string; value: (r: T) => string; amount?: boolean };
type Report<T> = {
  path: string;
  title: string;
  file: string;
  rows: (db: Db, f: ReportFilter) => Promise<T[]>;
  columns: Column<T>[];
};

/** Grouped rows carry their lot count; a row of the details report is one lot. */
type Totaled = { lots?: number; kg: string; amount: string };

function totalsOf(rows: Totaled[]) {
  return {
    lots: rows.reduce((n, r) => n + (r.lots ?? 1), 0),
    kg: sum(rows.map((r) => r.kg)).toFixed(3),
    amount: sum(rows.map((r) => r.amount)).toFixed(2),
  };
}

async function sendFile(reply: FastifyReply, name: string, format: 'xlsx' | 'pdf', body: Buffer) {
  reply.header('content-disposition', `attachment; filename="${name}.${format}"`);
  return reply.type(format === 'pdf' ? 'application/pdf' : XLSX).send(body);
}

function subtitle(f: ReportFilter): string[] {
  const range = [f.from ? `from ${f.from}` : '', f.to ? `to ${f.to}` : ''].filter(Boolean).join(' ');
  return [range ? `Auctions ${range}` : 'All closed auctions', `Printed ${todayInTanzania()}`];
}

function register<T extends Totaled>(app: ZodApp, deps: AppDeps, report: Report<T>) {
  app.get(
    `/reports/auction/${report.path}`,
    {
      config: { access: read, reportRead: true },
      schema: { tags, querystring: auctionReportQuery, response: { 200: auctionReportReply } },
    },
    async (req, reply) => {
      const { format, ...query } = req.query;
      const filter = { ...query, society: societyOf(actorOf(req)) };
      const rows = await report.rows(deps.reportDb, filter);
      const totals = totalsOf(rows);
      if (format === 'json') return { data: { rows, totals } };
      const total = (c: Column<T>) =>
        c.header === 'Lots'
          ? String(totals.lots)
          : c.header === 'Kg'
            ? totals.kg
            : c.header === 'Amount'
              ? totals.amount
              : '';
      if (format === 'xlsx') {
        const body = await toXlsx(
          report.file,
          report.columns.map((c) => ({ header: c.header, value: c.value, width: c.amount ? 16 : 22 })),
          rows,
        );
        return sendFile(reply, report.file, 'xlsx', body);
      }
      const body = await tablePdf(await unionLetterhead(deps.reportDb), {
        title: report.title,
        subtitle: subtitle(filter),
        columns: report.columns.map((c) => ({
          header: c.header,
          value: c.amount ? (r: T) => grouped(c.value(r)) : c.value,
          ...(c.amount ? { align: 'right' as const } : {}),
        })),
        rows,
        totals: report.columns.map((c, i) => (i === 0 ? 'Total' : c.amount ? grouped(total(c)) : total(c))),
      });
      return sendFile(reply, report.file, 'pdf', body);
    },
  );
}

const s = (v: string | number) => String(v);

/** /reports/auction/*: prices per grade, sold lots, totals per buyer and per warehouse; xlsx and PDF. */
export function auctionReportRoutes(app: ZodApp, deps: AppDeps) {
  register(app, deps, {
    path: 'auction-price',
    title: 'Auction prices per grade',
    file: 'AUCTION_PRICE',
    rows: auctionPrice,
    columns: [
      { header: 'Auction', value: (r) => r.auctionNo },
      { header: 'Date', value: (r) => r.auctionDate },
      { header: 'Grade', value: (r) => r.gradeName },
      { header: 'Lots', value: (r) => s(r.lots) },
      { header: 'Kg', value: (r) => r.kg, amount: true },
      { header: 'Min price', value: (r) => r.minPrice, amount: true },
      { header: 'Max price', value: (r) => r.maxPrice, amount: true },
      { header: 'Average price', value: (r) => r.averagePrice, amount: true },
      { header: 'Amount', value: (r) => r.amount, amount: true },
    ],
  });
  register(app, deps, {
    path: 'auction-details',
    title: 'Auction details',
    file: 'AUCTION_DETAILS',
    rows: auctionDetails,
    columns: [
      { header: 'Auction', value: (r) => r.auctionNo },
      { header: 'Date', value: (r) => r.auctionDate },
      { header: 'Lot', value: (r) => r.lotNo },
      { header: 'WHR', value: (r) => r.whrNo },
      { header: 'AMCOS', value: (r) => r.amcosName },
      { header: 'Warehouse', value: (r) => r.warehouseName },
      { header: 'Grade', value: (r) => r.gradeName },
      { header: 'Buyer', value: (r) => r.buyerName },
      { header: 'Bags', value: (r) => s(r.bags) },
      { header: 'Kg', value: (r) => r.kg, amount: true },
      { header: 'Price per kg', value: (r) => r.pricePerKg, amount: true },
      { header: 'Amount', value: (r) => r.amount, amount: true },
    ],
  });
  for (const by of ['buyer', 'warehouse'] as const) {
    register(app, deps, {
      path: `${by}-auction-details`,
      title: by === 'buyer' ? 'Auction sales per buyer' : 'Auction sales per warehouse',
      file: by === 'buyer' ? 'BUYER_AUCTION_DETAILS' : 'WAREHOUSE_AUCTION_DETAILS',
      rows: (db, f) => groupedTotals(db, f, by),
      columns: [
        { header: 'Auction', value: (r) => r.auctionNo },
        { header: 'Date', value: (r) => r.auctionDate },
        { header: by === 'buyer' ? 'Buyer' : 'Warehouse', value: (r) => r.name },
        { header: by === 'buyer' ? 'Bid code' : 'Licence no', value: (r) => r.code },
        { header: 'Lots', value: (r) => s(r.lots) },
        { header: 'Kg', value: (r) => r.kg, amount: true },
        { header: 'Average price', value: (r) => r.averagePrice, amount: true },
        { header: 'Amount', value: (r) => r.amount, amount: true },
      ],
    });
  }
}
