import {
  createDeductionRuleBody,
  deductionPreview,
  deductionPreviewBody,
  deductionRule,
  deductionRuleListQuery,
  detailReply,
  idParams,
  messageReply,
  savedReply,
  updateDeductionRuleBody,
} from '@ushirika/contracts';
import { z } from 'zod';
import { actorOf } from '../../platform/access.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import { registerCatalog } from '../../platform/catalog.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { sendExport } from '../../platform/exports.ts';
import { beneficiaryResource } from './beneficiaries.ts';
import { createDeductionRule } from './create-deduction-rule.ts';
import { deleteDeductionRule } from './delete-deduction-rule.ts';
import { previewDeductions } from './preview-deductions.ts';
import { getDeductionRule, listDeductionRules } from './queries.ts';
import { updateDeductionRule } from './update-deduction-rule.ts';

const tags = ['deductions'];
const read = { permission: 'settings.collection.read', audience: 'union' } as const;
const write = { permission: 'settings.collection.update', audience: 'union' } as const;
const rules = '/settings/collection/season-crops/:id/deduction-rules';

export function deductionsRoutes(app: ZodApp, deps: AppDeps) {
  registerCatalog(app, deps, beneficiaryResource);
  app.get(
    rules,
    {
      config: { access: read },
      schema: {
        tags,
        params: idParams,
        querystring: deductionRuleListQuery,
        response: { 200: z.object({ data: z.array(deductionRule) }) },
      },
    },
    async (req, reply) => {
      const data = await listDeductionRules(deps.db, req.params.id, { payer: req.query.payer });
      if (req.query.format === 'json') return { data };
      return sendExport(reply, {
        format: req.query.format,
        name: 'DEDUCTION-RULES',
        rows: data,
        columns: [
          { header: 'Order', value: (r) => r.order },
          { header: 'Deduction', value: (r) => r.name, width: 30 },
          { header: 'Payer', value: (r) => r.payer, label: 'deductionsMd.payers' },
          { header: 'Basis', value: (r) => r.basis, label: 'deductionsMd.bases' },
          { header: 'Rate', value: (r) => r.rate },
          { header: 'Minimum', value: (r) => r.minimum },
          { header: 'Maximum', value: (r) => r.maximum },
          { header: 'Receives', value: (r) => r.beneficiaryName ?? r.recipient, width: 30 },
          { header: 'Grade', value: (r) => r.gradeName ?? 'All grades' },
          { header: 'Valid from', value: (r) => r.validFrom },
          { header: 'Valid to', value: (r) => r.validTo },
        ],
      });
    },
  );
  app.post(
    rules,
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: createDeductionRuleBody,
        response: { 201: savedReply(deductionRule) },
      },
    },
    async (req, reply) => {
      const data = await createDeductionRule(deps.db, actorOf(req), {
        ...req.body,
        seasonCropId: req.params.id,
      });
      return reply.code(201).send({ message: 'Deduction rule created successfully', data });
    },
  );
  app.get(
    '/settings/collection/deduction-rules/:id',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: detailReply(deductionRule) } },
    },
    async (req) => ({ data: await getDeductionRule(deps.db, req.params.id) }),
  );
  app.patch(
    '/settings/collection/deduction-rules/:id',
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: updateDeductionRuleBody,
        response: { 200: savedReply(deductionRule) },
      },
    },
    async (req) => ({
      message: 'Deduction rule updated successfully',
      data: await updateDeductionRule(deps.db, actorOf(req), { ...req.body, id: req.params.id }),
    }),
  );
  app.delete(
    '/settings/collection/deduction-rules/:id',
    { config: { access: write }, schema: { tags, params: idParams, response: { 200: messageReply } } },
    async (req) => {
      await deleteDeductionRule(deps.db, actorOf(req), { id: req.params.id });
      return { message: 'Deduction rule deleted successfully' };
    },
  );
  app.post(
    '/settings/collection/season-crops/:id/deduction-preview',
    {
      config: { access: read },
      schema: {
        tags,
        params: idParams,
        body: deductionPreviewBody,
        response: { 200: detailReply(deductionPreview) },
      },
    },
    async (req) => ({
      data: await previewDeductions(deps.db, actorOf(req), { seasonCropId: req.params.id, sale: req.body }),
    }),
  );
}
