import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GLOSSARY, glossaryProblems } from './glossary.ts';

type Tree = { [key: string]: string | Tree };
const load = (lang: string): Tree =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, `${lang}.json`), 'utf8')) as Tree;
const flat = (tree: Tree, prefix = '', out = new Map<string, string>()) => {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else flat(v, `${prefix}${k}.`, out);
  }
  return out;
};

describe('the Swahili glossary (#35): one term per idea, no false friends', () => {
  it('every English text of a glossary idea says its Swahili term and none of the words to avoid', () => {
    const en = flat(load('en'));
    const sw = flat(load('sw'));
    const texts = [...en].map(([key, text]) => ({ key, en: text, sw: sw.get(key) ?? '' }));
    const problems = glossaryProblems(texts).map((p) => `${p.key} (${p.idea}): ${p.problem}: "${p.sw}"`);
    expect(problems).toEqual([]);
  });

  it('fails on the drift the issue found', () => {
    const found = glossaryProblems([
      { key: 'table.export', en: 'Export', sw: 'Hamisha' },
      { key: 'acc.trialBalance', en: 'Trial balance', sw: 'Mizania ya majaribio' },
      { key: 'history.fields.credit', en: 'Credit', sw: 'Mkopo' },
      { key: 'acc.types.liability', en: 'Liability', sw: 'Dhima' },
      { key: 'screens.bank_reconciliation', en: 'Bank reconciliation', sw: 'Usuluhishi wa benki' },
      { key: 'collectionsMd.stockKg', en: 'In stock', sw: 'Akiba' },
      { key: 'collectionsMd.cancel', en: 'Cancel collection', sw: 'Futa makusanyo' },
      { key: 'collectionsMd.farmerInactive', en: '{{name}} is inactive', sw: '{{name}} hayuko hai' },
      { key: 'salesMd.collectorName', en: 'Collected by', sw: 'Amechukuliwa na' },
      { key: 'inventoryMd.movement', en: 'Movement', sw: 'Mwingiliano' },
      { key: 'purchaseMd.priceTolerance', en: 'Price tolerance (%)', sw: 'Uvumilivu wa bei (%)' },
      { key: 'pay.settlementsHint', en: 'Settle paid lots', sw: 'Makato ya loti' },
      { key: 'status.posted', en: 'Posted', sw: 'Imeingizwa' },
    ]);
    expect(new Set(found.map((p) => p.key)).size).toBe(13);
  });

  it('lets a word stand for another idea the same English names', () => {
    // "Credit" avoids mkopo, but the loan in the same text is a mkopo.
    expect(
      glossaryProblems([{ key: 'x', en: 'Credit the loan account', sw: 'Krediti akaunti ya mkopo' }]),
    ).toEqual([]);
    // A stock transfer moves goods: hamisha is its word, and no export is named.
    expect(glossaryProblems([{ key: 'x', en: 'Transfer to AMCOS', sw: 'Hamisha kwenda AMCOS' }])).toEqual([]);
  });

  it('names each idea once', () => {
    const ideas = GLOSSARY.map((rule) => rule.idea);
    expect(new Set(ideas).size).toBe(ideas.length);
  });
});
