import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as contracts from '@ushirika/contracts';
import {
  account,
  accountGroup,
  amcosDetail,
  boqDetail,
  buyerReceiptDetail,
  collection,
  currency,
  deductionRule,
  exchangeRate,
  farmerDetail,
  farmerUssd,
  financialYear,
  journalEntry,
  member,
  paymentSettingsBody,
  payoutSettingsBody,
  purchaseInvoiceDetail,
  purchaseOrderDetail,
  purchaseSettingsBody,
  salesInvoiceDetail,
  salesSettingsBody,
  sessionUser,
  store,
  unionProfile,
  user,
  weighingLimits,
} from '@ushirika/contracts';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json' with { type: 'json' };
import sw from '../locales/sw.json' with { type: 'json' };

/**
 * Every action and field name the API's audit trail writes has a label in English and Swahili
 * (issue #20): read from where the API writes them, so a new action or field without one fails.
 */

const API = path.resolve(import.meta.dirname, '../../../api/src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return full.endsWith('.ts') && !full.endsWith('.test.ts') ? [full] : [];
  });
}

/** The text from `open` (an opening bracket) to its matching close. */
function balanced(text: string, open: number): string {
  const pairs: Record<string, string> = { '(': ')', '{': '}', '[': ']' };
  const stack: string[] = [];
  for (let i = open; i < text.length; i += 1) {
    const c = text.charAt(i);
    if (pairs[c]) stack.push(pairs[c]);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return text.slice(open, i + 1);
    }
  }
  return text.slice(open);
}

/** The argument text of each `recordAudit(...)` and `auditInsertSql(...)` call in the API. */
export function auditCalls(source: string): string[] {
  const calls: string[] = [];
  for (const match of source.matchAll(/\b(?:recordAudit|auditInsertSql)\(/g)) {
    const start = (match.index ?? 0) + match[0].length - 1;
    calls.push(balanced(source, start));
  }
  return calls;
}

/** The action names a call can write: every quoted word in its `action:` expression. */
export function actionsOf(call: string): string[] {
  const expression = /\baction:\s*([^,}\n]+)/.exec(call)?.[1] ?? '';
  return [...expression.matchAll(/'([a-z_]+)'/g)].map((m) => m[1] ?? '');
}

/** Top-level keys of an object literal's text, `{ a: 1, b, ...c, 'd': 2 }` -> a, b, d. */
function keysOf(literal: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  let token = '';
  for (const c of literal.slice(1, -1)) {
    if ('({['.includes(c)) depth += 1;
    else if (')}]'.includes(c)) depth -= 1;
    if (depth === 0 && (c === ':' || c === ',')) {
      const key = /^\s*['"]?([A-Za-z_]\w*)['"]?\s*$/.exec(token)?.[1];
      if (key) keys.push(key);
      token = c === ':' ? '\u0000' : '';
    } else if (token !== '\u0000' || c === ',') token = token === '\u0000' ? '' : token + c;
    if (depth === 0 && c === ',') token = '';
  }
  const last = /^\s*([A-Za-z_]\w*)\s*$/.exec(token)?.[1];
  if (last) keys.push(last);
  return keys;
}

/** Field names a call writes literally: `before: {...}`, `after: {...}`, `JSON.stringify({...})`, jsonb_build_object('k', ...). */
export function fieldsOf(call: string): string[] {
  const fields: string[] = [];
  for (const match of call.matchAll(/\b(?:before|after):\s*\{|JSON\.stringify\(\{/g)) {
    fields.push(...keysOf(balanced(call, (match.index ?? 0) + match[0].length - 1)));
  }
  for (const match of call.matchAll(/jsonb_build_object\(([^)]*)\)/g)) {
    fields.push(...[...(match[1] ?? '').matchAll(/'([A-Za-z_]\w*)'\s*,/g)].map((m) => m[1] ?? ''));
  }
  return fields;
}

/**
 * Records the API snapshots whole (an update's before and after are the record as the API
 * returns it): their fields are the contract's. Kept beside the writers that use them; a new
 * whole-record snapshot adds its schema here.
 */
const WHOLE_SNAPSHOTS: [string, { shape: Record<string, unknown> }][] = [
  ['modules/accounts/chart/update-account.ts', account],
  ['modules/accounts/chart/update-account-group.ts', accountGroup],
  ['modules/sales/receipts/create-buyer-receipt.ts', buyerReceiptDetail],
  ['modules/sales/receipts/allocate-buyer-receipt.ts', buyerReceiptDetail],
  ['modules/accounts/currencies/update-currency.ts', currency],
  ['modules/accounts/currencies/update-exchange-rate.ts', exchangeRate],
  ['modules/accounts/journal/reverse-journal-entry.ts', journalEntry],
  ['modules/purchase/invoices/cancel-purchase-invoice.ts', purchaseInvoiceDetail],
  ['modules/sales/invoices/cancel-sales-invoice.ts', salesInvoiceDetail],
  ['modules/auth/update-profile.ts', sessionUser],
  ['modules/amcos/update-amcos.ts', amcosDetail],
  ['modules/boqs/update-boq.ts', boqDetail],
  ['modules/crop-flow/collections/update-collection.ts', collection],
  ['modules/crop-flow/collections/cancel-collection.ts', collection],
  ['modules/deductions/update-deduction-rule.ts', deductionRule],
  ['modules/farmers/update-farmer.ts', farmerDetail],
  ['modules/financial-years/update-financial-year.ts', financialYear],
  ['modules/financial-years/close-financial-year.ts', financialYear],
  ['modules/financial-years/reopen-financial-year.ts', financialYear],
  ['modules/settlement/payments/update-payment-settings.ts', paymentSettingsBody],
  ['modules/settlement/payouts/settings/save-payout-settings.ts', payoutSettingsBody],
  ['modules/purchase/orders/create-purchase-order.ts', purchaseOrderDetail],
  ['modules/purchase/orders/settings.ts', purchaseSettingsBody],
  ['modules/sales/invoices/settings.ts', salesSettingsBody],
  ['modules/purchase/orders/update-purchase-order.ts', purchaseOrderDetail],
  ['modules/purchase/orders/update-purchase-settings.ts', purchaseSettingsBody],
  ['modules/sales/invoices/update-sales-settings.ts', salesSettingsBody],
  ['modules/inventory/stores/create-store.ts', store],
  ['modules/inventory/stores/update-store.ts', store],
  ['modules/cooperative/update-union-profile.ts', unionProfile],
  ['modules/users/update-user.ts', user],
  ['modules/crop-flow/devices/update-weighing-limits.ts', weighingLimits],
  ['modules/ussd/issue-ussd-pin.ts', farmerUssd],
  ['modules/ussd/unlock-ussd-pin.ts', farmerUssd],
  ['modules/members/register/update-member.ts', member],
];

/** Whole snapshots whose fields a history panel never lists: an array, or a before with no after. */
const FIELDS_NOT_SHOWN = [
  'modules/accounts/chart/update-mappings.ts', // the mapping list, an array
  'modules/deductions/delete-deduction-rule.ts', // the rule deleted: before only
  'modules/accounts/reconciliations/unmatch.ts', // the match undone: before only
];

const sourceFiles = sources(API).map((file) => ({
  file: path.relative(API, file),
  source: readFileSync(file, 'utf8'),
}));
const files = sourceFiles.map((f) => f.source);
const calls = files.flatMap(auditCalls);
/** A snapshot of an update the call does not spell out: `before,` or `before: record`. */
const wholeBefore = (call: string) => /(?<!\bas )\bbefore(?:\s*[,}]|:\s*(?!\{|null\b)\w)/.test(call);
const wholeSnapshotFiles = [
  ...new Set(
    sourceFiles
      .filter((f) => !f.file.startsWith('platform/') && auditCalls(f.source).some(wholeBefore))
      .map((f) => f.file),
  ),
].sort();
/** Master data (platform/catalog.ts) is snapshotted whole: each resource's item schema, by name. */
const catalogItems = files
  .filter((source) => source.includes('CatalogResource'))
  .flatMap((source) => [...source.matchAll(/\bitem:\s*(\w+)\s*,/g)].map((m) => m[1] ?? ''))
  .filter((name) => name !== 'text');
function shapeOf(name: string): string[] {
  const schema = (contracts as Record<string, unknown>)[name];
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!shape) throw new Error(`catalog item schema ${name} is not a contract object schema`);
  return Object.keys(shape);
}
const actions = [...new Set(calls.flatMap(actionsOf))].sort();
const fields = [
  ...new Set([
    ...calls.flatMap(fieldsOf),
    ...WHOLE_SNAPSHOTS.flatMap(([, schema]) => Object.keys(schema.shape)),
    ...catalogItems.flatMap(shapeOf),
  ]),
].sort();

type Tree = { [key: string]: string | Tree };
function has(tree: Tree, key: string): boolean {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return false;
    node = node[part];
  }
  return typeof node === 'string' && node.length > 0;
}

describe('history labels in both languages (issue #20)', () => {
  it('reads the audit writers of the API (the check finds what it checks)', () => {
    expect(calls.length).toBeGreaterThan(80);
    expect(catalogItems).toEqual(expect.arrayContaining(['transporter', 'bank', 'season']));
    // Each writer that snapshots a whole record in an update has its schema in WHOLE_SNAPSHOTS.
    const listed = new Set([...WHOLE_SNAPSHOTS.map(([file]) => file), ...FIELDS_NOT_SHOWN]);
    expect(wholeSnapshotFiles).toEqual(expect.arrayContaining(['modules/users/update-user.ts']));
    expect(wholeSnapshotFiles.filter((file) => !listed.has(file))).toEqual([]);
    // A listed writer that was renamed or split leaves its entry behind: the list names files that exist.
    expect([...listed].filter((file) => !sourceFiles.some((f) => f.file === file))).toEqual([]);
    expect(actions).toEqual(
      expect.arrayContaining(['created', 'matched', 'unmatched', 'added', 'amcos_approved']),
    );
    expect(actions).not.toContain('deny');
    expect(fields).toEqual(
      expect.arrayContaining(['status', 'rateBasis', 'journalEntryId', 'grossKg', 'amount']),
    );
    expect(keysOf("{ a: 1, b, ...c, 'd': f(x, y), e: { g: 1 } }")).toEqual(['a', 'b', 'd', 'e']);
  });

  for (const [language, tree] of [
    ['en', en],
    ['sw', sw],
  ] as const) {
    it(`every audited action has a label in ${language}`, () => {
      expect(actions.filter((a) => !has(tree as Tree, `history.actions.${a}`))).toEqual([]);
    });
    it(`every audited field has a label in ${language}`, () => {
      const missing = fields.filter(
        (f) => !has(tree as Tree, `history.fields.${f}`) && !has(tree as Tree, `fields.${f}`),
      );
      expect(missing).toEqual([]);
    });
  }
});
