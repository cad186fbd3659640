import {
  paged,
  quantityByStoreQuery,
  quantityByStoreReply,
  stockLedgerQuery,
  stockMovement,
  storeLedgerQuery,
  storeLedgerReply,
} from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import type { FastifyReply } from 'fastify';
import { actorOf, societyOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { Letterhead } from '../../../platform/document-pdf.ts';
import { sendExport, sendPdf } from '../../../platform/exports.ts';
import { pageWindow, plainJsonSerializer } from '../../../platform/list.ts';
import { unionLetterhead } from '../../cooperative/union.ts';
import { listStockMovements, quantityByStore, storeLedger } from './queries.ts';
import { quantityByStoreFiles, storeLedgerFiles } from './report-files.ts';

const tags = ['inventory'];
const read = { permission: 'inventory.store.read', audience: 'any' } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A report spreadsheet as a download (the reply's type is the file, not the JSON schema). */
function sendXlsx(reply: FastifyReply, name: string, body: Buffer): FastifyReply {
  reply.header('content-disposition', `attachment; filename="${name}.xlsx"`);
  return reply.type(XLSX).send(body);
}

/** A report's file: its PDF under the union's letterhead, with its title and subtitle, or its spreadsheet. */
async function sendReport(
  reply: FastifyReply,
  deps: AppDeps,
  format: string,
  name: string,
  out: {
    pdf: (letterhead: Letterhead, title: string, subtitle: string[]) => Promise<Buffer>;
    xlsx: (name: string) => Promise<Buffer>;
  },
  [title, subtitle]: [string, string[]],
): Promise<FastifyReply> {
  if (format === 'pdf')
    return sendPdf(reply, name, await out.pdf(await unionLetterhead(deps.reportDb), title, subtitle));
  return sendXlsx(reply, name, await out.xlsx(name));
}

const scopeWords = { union: 'Union stores', amcos: 'AMCOS stores' } as const;
const period = (q: { from?: string | undefined; to?: string | undefined }) =>
  q.from || q.to ? `${q.from ?? 'start'} to ${q.to ?? 'today'}` : 'all dates';

/** The stock ledger and the inventory reports; an AMCOS user reads their society's stores only. */
export function ledgersRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/inventory/ledgers',
    {
      config: { access: read },
      schema: { tags, querystring: stockLedgerQuery, response: { 200: paged(stockMovement) } },
    },
    async (req, reply) => {
      const q = req.query;
      const { rows, total, capped } = await listStockMovements(
        deps.db,
        q,
        pageWindow(q),
        societyOf(actorOf(req)),
      );
      if (q.format === 'json')
        return {
          data: rows,
          meta: { page: q.page, per_page: q.per_page, total, ...(capped ? { total_capped: true } : {}) },
        };
      return sendExport(reply, {
        format: q.format,
        name: 'STOCK_LEDGER',
        rows,
        columns: [
          { header: 'Date', value: (r) => r.movementDate },
          { header: 'Store', value: (r) => r.storeName, width: 26 },
          { header: 'Code', value: (r) => r.itemCode },
          { header: 'Item', value: (r) => r.itemName, width: 26 },
          { header: 'Movement', value: (r) => r.kind },
          { header: 'Document', value: (r) => r.sourceNo },
          { header: 'Batch', value: (r) => r.batchNo },
          { header: 'Quantity', value: (r) => r.quantity },
          { header: 'Unit cost', value: (r) => r.unitCost },
          { header: 'Value', value: (r) => r.value },
          { header: 'Balance qty', value: (r) => r.balanceQuantity },
          { header: 'Avg cost', value: (r) => r.balanceAvgCost },
          { header: 'Balance value', value: (r) => r.balanceValue },
        ],
      });
    },
  );
  app.get(
    '/reports/inventory/quantity-by-store',
    {
      config: { access: read, reportRead: true },
      schema: { tags, querystring: quantityByStoreQuery, response: { 200: quantityByStoreReply } },
      // Every item in every store (12,000 rows in the bench): typed rows, no zod pass over each.
      serializerCompiler: plainJsonSerializer,
    },
    async (req, reply) => {
      const q = req.query;
      const report = await quantityByStore(deps.reportDb, q, societyOf(actorOf(req)));
      if (q.format === 'json') return report;
      const name = q.scope === 'amcos' ? 'QUANTITY_BY_STORE_AMCOS' : 'QUANTITY_BY_STORE';
      return sendReport(reply, deps, q.format, name, quantityByStoreFiles(report), [
        `Quantity by store${q.scope ? ` · ${scopeWords[q.scope]}` : ''}`,
        [`As at ${q.to ?? todayInTanzania()} · goods in transit ${report.totals.inTransitValue}`],
      ]);
    },
  );
  app.get(
    '/reports/inventory/store-ledger',
    {
      config: { access: read, reportRead: true },
      schema: { tags, querystring: storeLedgerQuery, response: { 200: storeLedgerReply } },
    },
    async (req, reply) => {
      const q = req.query;
      const report = await storeLedger(deps.reportDb, q, societyOf(actorOf(req)));
      if (q.format === 'json') return report;
      const name =
        q.scope === 'amcos'
          ? 'AMCOS_STORE_LEDGER'
          : q.scope === 'union'
            ? 'UNION_STORE_LEDGER'
            : 'STORE_LEDGERS';
      return sendReport(reply, deps, q.format, name, storeLedgerFiles(report), [
        `Store ledger${q.scope ? ` · ${scopeWords[q.scope]}` : ''}`,
        [period(q)],
      ]);
    },
  );
}
