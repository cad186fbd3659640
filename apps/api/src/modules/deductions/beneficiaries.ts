import {
  type Beneficiary,
  beneficiary,
  beneficiaryListQuery,
  createBeneficiaryBody,
  updateBeneficiaryBody,
} from '@ushirika/contracts';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { CatalogResource } from '../../platform/catalog.ts';
import { ValidationError } from '../../platform/errors.ts';
import { likeContains, pageOf } from '../../platform/list.ts';
import { banks, councils } from '../cooperative/schema.ts';
import { beneficiaries } from './schema.ts';

const columns = {
  id: beneficiaries.id,
  name: beneficiaries.name,
  kind: beneficiaries.kind,
  councilId: beneficiaries.councilId,
  councilName: councils.name,
  bankId: beneficiaries.bankId,
  bankName: banks.name,
  accountNo: beneficiaries.accountNo,
  active: beneficiaries.active,
  unionIncome: beneficiaries.unionIncome,
  ruleCount: sql<number>`(select count(*)::int from deduction_rules r where r.beneficiary_id = "beneficiaries"."id")`,
};
const selectBeneficiaries = (db: DbOrTx) =>
  db
    .select(columns)
    .from(beneficiaries)
    .leftJoin(councils, eq(councils.id, beneficiaries.councilId))
    .leftJoin(banks, eq(banks.id, beneficiaries.bankId));

const councilNeeded = 'A council beneficiary names its council (it receives the cess)';

export const beneficiaryResource: CatalogResource<
  Beneficiary,
  z.infer<typeof createBeneficiaryBody>,
  z.infer<typeof updateBeneficiaryBody>,
  z.infer<typeof beneficiaryListQuery>
> = {
  path: '/settings/collection/beneficiaries',
  tag: 'deductions',
  entity: 'beneficiary',
  label: 'Beneficiary',
  exportName: 'BENEFICIARIES',
  read: { permission: 'settings.collection.read', audience: 'union' },
  write: { permission: 'settings.collection.update', audience: 'union' },
  schemas: {
    item: beneficiary,
    create: createBeneficiaryBody,
    update: updateBeneficiaryBody,
    query: beneficiaryListQuery,
  },
  async list(db, query, window) {
    const pattern = query.search ? likeContains(query.search) : undefined;
    const where = and(
      pattern ? or(ilike(beneficiaries.name, pattern), ilike(councils.name, pattern)) : undefined,
      query.kind ? eq(beneficiaries.kind, query.kind) : undefined,
    );
    const sortable = { name: beneficiaries.name, kind: beneficiaries.kind };
    return pageOf(db, () => selectBeneficiaries(db).$dynamic(), {
      where,
      order: { sort: query.sort, sortable, fallback: [asc(beneficiaries.name)], tiebreak: beneficiaries.id },
      window,
    });
  },
  get: async (db, id) => (await selectBeneficiaries(db).where(eq(beneficiaries.id, id)))[0],
  async insert(tx, body) {
    if (body.kind === 'council' && !body.councilId)
      throw new ValidationError(councilNeeded, { councilId: [councilNeeded] });
    // The union itself as a beneficiary: what its rules deduct is its own income unless told otherwise.
    const unionIncome = body.unionIncome ?? body.kind === 'union';
    const [row] = await tx
      .insert(beneficiaries)
      .values({ ...body, unionIncome })
      .returning({ id: beneficiaries.id });
    if (!row) throw new Error('Beneficiary insert returned nothing');
    return row.id;
  },
  async update(tx, id, body, before) {
    const kind = body.kind ?? before.kind;
    const councilId = body.councilId === undefined ? before.councilId : body.councilId;
    if (kind === 'council' && !councilId)
      throw new ValidationError(councilNeeded, { councilId: [councilNeeded] });
    // Made the union's own beneficiary without a word on its income: its income, as when created so.
    const becomesUnion = body.kind === 'union' && before.kind !== 'union' && body.unionIncome === undefined;
    await tx
      .update(beneficiaries)
      .set(becomesUnion ? { ...body, unionIncome: true } : body)
      .where(eq(beneficiaries.id, id));
  },
  constraints: {
    beneficiaries_name_unique: { field: 'name', message: 'A beneficiary with this name already exists' },
    beneficiaries_council_id_councils_id_fk: {
      field: 'councilId',
      message: 'The chosen council does not exist',
    },
    beneficiaries_bank_id_banks_id_fk: { field: 'bankId', message: 'The chosen bank does not exist' },
  },
  exportColumns: [
    { header: 'Beneficiary', value: (r) => r.name, width: 30 },
    { header: 'Kind', value: (r) => r.kind, label: 'beneficiariesMd.kinds' },
    { header: 'Council', value: (r) => r.councilName, width: 30 },
    { header: 'Bank', value: (r) => r.bankName },
    { header: 'Account no', value: (r) => r.accountNo },
    { header: 'Union income', value: (r) => (r.unionIncome ? 'Yes' : 'No') },
    { header: 'Rules', value: (r) => r.ruleCount },
  ],
};
