import {
  allocateReceiptBody,
  buyerReceipt,
  buyerReceiptDetail,
  buyerReceiptListQuery,
  createBuyerReceiptBody,
  detailReply,
  idParams,
  paged,
  savedReply,
} from '@ushirika/contracts';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listOrExport } from '../../../platform/exports.ts';
import { read } from '../route-helpers.ts';
import { allocateBuyerReceipt } from './allocate-buyer-receipt.ts';
import { createBuyerReceipt } from './create-buyer-receipt.ts';
import { getBuyerReceipt, listBuyerReceipts } from './queries.ts';

const receiptWrite = { permission: 'sales.receipt.create', audience: 'union' } as const;

/** Issue 6: buyer receipts and their allocations to invoices. Union staff only. */
export function buyerReceiptsRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;
  const receiptTags = ['buyer-receipts'];
  app.get(
    '/sales/receipts',
    {
      config: { access: read },
      schema: {
        tags: receiptTags,
        querystring: buyerReceiptListQuery,
        response: { 200: paged(buyerReceipt) },
      },
    },
    (req, reply) =>
      listOrExport(reply, req.query, (window) => listBuyerReceipts(db, req.query, window), {
        name: 'BUYER_RECEIPTS',
        columns: [
          { header: 'Receipt', value: (r) => r.receiptNo },
          { header: 'Buyer', value: (r) => r.buyerName, width: 30 },
          { header: 'Date', value: (r) => r.receiptDate },
          { header: 'Bank account', value: (r) => r.bankAccountName, width: 30 },
          { header: 'Reference', value: (r) => r.reference },
          { header: 'Amount (TZS)', value: (r) => r.amount },
          { header: 'Allocated (TZS)', value: (r) => r.allocated },
          { header: 'Credit (TZS)', value: (r) => r.unallocated },
        ],
      }),
  );
  app.post(
    '/sales/receipts',
    {
      config: { access: receiptWrite },
      schema: {
        tags: receiptTags,
        body: createBuyerReceiptBody,
        response: { 201: savedReply(buyerReceiptDetail) },
      },
    },
    async (req, reply) => {
      const data = await createBuyerReceipt(db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Receipt created successfully', data });
    },
  );
  app.get(
    '/sales/receipts/:id',
    {
      config: { access: read },
      schema: { tags: receiptTags, params: idParams, response: { 200: detailReply(buyerReceiptDetail) } },
    },
    async (req) => ({ data: await getBuyerReceipt(db, req.params.id) }),
  );
  app.post(
    '/sales/receipts/:id/allocate',
    {
      config: { access: receiptWrite },
      schema: {
        tags: receiptTags,
        params: idParams,
        body: allocateReceiptBody,
        response: { 200: savedReply(buyerReceiptDetail) },
      },
    },
    async (req) => ({
      message: 'Receipt allocated successfully',
      data: await allocateBuyerReceipt(db, actorOf(req), {
        id: req.params.id,
        allocations: req.body.allocations,
      }),
    }),
  );
}
