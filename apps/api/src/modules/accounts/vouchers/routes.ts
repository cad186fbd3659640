import {
  bankTransfer,
  bankTransferDetailReply,
  bankTransferListQuery,
  bankTransferReply,
  createBankTransferBody,
  createPaymentOrReceiptBody,
  idParams,
  paged,
  paymentOrReceipt,
  paymentOrReceiptDetailReply,
  paymentOrReceiptReply,
  voucherListQuery,
} from '@ushirika/contracts';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listOrExport } from '../../../platform/exports.ts';
import { approveBankTransfer } from './approve-bank-transfer.ts';
import { approvePaymentOrReceipt } from './approve-payment-or-receipt.ts';
import { createBankTransfer } from './create-bank-transfer.ts';
import { createPaymentOrReceipt } from './create-payment-or-receipt.ts';
import {
  getBankTransfer,
  getPaymentOrReceipt,
  listBankTransfers,
  listPaymentsAndReceipts,
} from './queries.ts';

const tags = ['accounts'];
const read = { permission: 'accounts.ledger.read', audience: 'union' } as const;
const create = { permission: 'accounts.journal.create', audience: 'union' } as const;
const approve = { permission: 'accounts.journal.approve', audience: 'union' } as const;

/** Payments and receipts (vouchers) and bank transfers, each with its approve call (SPEC §7). */
export function voucherRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/accounts/payments-and-receipts',
    {
      config: { access: read },
      schema: { tags, querystring: voucherListQuery, response: { 200: paged(paymentOrReceipt) } },
    },
    (req, reply) =>
      listOrExport(reply, req.query, (window) => listPaymentsAndReceipts(deps.db, req.query, window), {
        name: 'PAYMENTS_AND_RECEIPTS',
        columns: [
          { header: 'Number', value: (r) => r.number },
          { header: 'Type', value: (r) => r.type },
          { header: 'Date', value: (r) => r.voucherDate },
          { header: 'Party', value: (r) => r.partyName, width: 28 },
          { header: 'Bank or cash', value: (r) => r.bankAccountName, width: 28 },
          { header: 'Currency', value: (r) => r.currency },
          { header: 'Amount', value: (r) => r.amount },
          { header: 'Amount (TZS)', value: (r) => r.baseAmount },
          { header: 'Status', value: (r) => r.status },
        ],
      }),
  );
  app.post(
    '/accounts/payments-and-receipts',
    {
      config: { access: create },
      schema: { tags, body: createPaymentOrReceiptBody, response: { 201: paymentOrReceiptReply } },
    },
    async (req, reply) => {
      const data = await createPaymentOrReceipt(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: `${data.type} created successfully`, data });
    },
  );
  app.get(
    '/accounts/payments-and-receipts/:id',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: paymentOrReceiptDetailReply } },
    },
    async (req) => ({ data: await getPaymentOrReceipt(deps.db, req.params.id) }),
  );
  app.patch(
    '/accounts/payments-and-receipts/:id/approve',
    {
      config: { access: approve },
      schema: { tags, params: idParams, response: { 200: paymentOrReceiptReply } },
    },
    async (req) => {
      const data = await approvePaymentOrReceipt(deps.db, actorOf(req), { id: req.params.id });
      return { message: `${data.type} approved successfully`, data };
    },
  );

  app.get(
    '/accounts/bank-transfers',
    {
      config: { access: read },
      schema: { tags, querystring: bankTransferListQuery, response: { 200: paged(bankTransfer) } },
    },
    (req, reply) =>
      listOrExport(reply, req.query, (window) => listBankTransfers(deps.db, req.query, window), {
        name: 'BANK_TRANSFERS',
        columns: [
          { header: 'Number', value: (r) => r.number },
          { header: 'Date', value: (r) => r.transferDate },
          { header: 'From', value: (r) => r.fromAccountName, width: 28 },
          { header: 'To', value: (r) => r.toAccountName, width: 28 },
          { header: 'Currency', value: (r) => r.currency },
          { header: 'Amount', value: (r) => r.amount },
          { header: 'Amount (TZS)', value: (r) => r.baseAmount },
          { header: 'Status', value: (r) => r.status },
        ],
      }),
  );
  app.post(
    '/accounts/bank-transfers',
    {
      config: { access: create },
      schema: { tags, body: createBankTransferBody, response: { 201: bankTransferReply } },
    },
    async (req, reply) => {
      const data = await createBankTransfer(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Bank transfer created successfully', data });
    },
  );
  app.get(
    '/accounts/bank-transfers/:id',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: bankTransferDetailReply } },
    },
    async (req) => ({ data: await getBankTransfer(deps.db, req.params.id) }),
  );
  app.patch(
    '/accounts/bank-transfers/:id/approve',
    { config: { access: approve }, schema: { tags, params: idParams, response: { 200: bankTransferReply } } },
    async (req) => ({
      message: 'Bank transfer approved successfully',
      data: await approveBankTransfer(deps.db, actorOf(req), { id: req.params.id }),
    }),
  );
}
