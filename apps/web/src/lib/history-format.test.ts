import { beforeAll, describe, expect, it } from 'vitest';

// i18n.ts sets the page's language attribute when it loads: give it the one element it touches.
(globalThis as { document?: unknown }).document ??= { documentElement: {} };
const { actionLabel, fieldName, fieldValue, recordLink } = await import('./history-format.ts');
const { changedFieldParts, changedFields } = await import('../components/HistoryTimeline.tsx');
const { i18n } = await import('./i18n.ts');

describe('history panels read as people write (issue #20)', () => {
  beforeAll(() => i18n.changeLanguage('en'));

  it('translates action names and writes unknown ones as words', async () => {
    expect(actionLabel('dispatched')).toBe('Dispatched');
    expect(actionLabel('results_recorded')).toBe('Results recorded');
    expect(actionLabel('some_new_action')).toBe('Some new action');
    await i18n.changeLanguage('sw');
    expect(actionLabel('recorded')).toBe('Imerekodiwa');
    await i18n.changeLanguage('en');
  });

  it('names fields and formats values instead of showing raw codes, ids and numbers', () => {
    expect(fieldName('rateBasis')).toBe('Rate basis');
    expect(fieldName('journalEntryId')).toBe('Journal entry');
    expect(fieldValue('per_trip')).toBe('Per trip');
    expect(fieldValue('posted')).toBe('Posted');
    expect(fieldValue('1500000.00')).toBe('1,500,000.00');
    expect(fieldValue('2026-11-05')).toBe('11/05/2026');
    // An id the API could not name (the record removed since): the random end of it, not the
    // timestamp at its start that two people created the same minute share.
    expect(fieldValue('01a2121e-422a-7746-b84d-61fbe1cd0d89')).toBe('#e1cd0d89');
    expect(fieldValue(true)).toBe('Yes');
    expect(fieldValue(null)).toBe('—');
    expect(changedFields({ rateBasis: null }, { rateBasis: 'per_trip' })).toEqual([
      'Rate basis: — → Per trip',
    ]);
  });

  it('names fields and actions in Swahili on Swahili screens', async () => {
    await i18n.changeLanguage('sw');
    expect(fieldName('rateBasis')).toBe('Msingi wa kiwango');
    expect(fieldName('grossKg')).toBe('Uzito wa jumla (kg)');
    expect(fieldName('amount')).toBe('Kiasi cha fedha');
    expect(actionLabel('matched')).toBe('Imelinganishwa');
    expect(actionLabel('unmatched')).toBe('Ulinganisho umetenguliwa');
    await i18n.changeLanguage('en');
  });

  it('writes dates the Swahili way in Swahili', async () => {
    await i18n.changeLanguage('sw');
    expect(fieldValue('2026-11-05')).toBe('05/11/2026');
    await i18n.changeLanguage('en');
  });
});

describe('history panels link ids to their records (issue #20)', () => {
  const id = '01a2121e-422a-7746-b84d-61fbe1cd0d89';
  it('links a journal entry, a farmer and a settlement to their screens, and nothing else', () => {
    expect(recordLink('journalEntryId', id)).toBe(`/account/operation/journal-entry?entry=${id}`);
    expect(recordLink('farmerId', id)).toBe(`/amcos/amcos-farmers/${id}/details`);
    expect(recordLink('settlementId', id)).toBe(`/collections/payments/whr/${id}/details`);
    expect(recordLink('createdBy', id)).toBeNull();
    expect(recordLink('journalEntryId', 'posted')).toBeNull();
    const [change] = changedFieldParts({ journalEntryId: null }, { journalEntryId: id });
    expect(change).toEqual({
      key: 'journalEntryId',
      label: 'Journal entry',
      before: { text: '—', to: null },
      after: { text: '#e1cd0d89', to: `/account/operation/journal-entry?entry=${id}` },
    });
  });

  it('shows records by the name or number the API gives, not their ids', () => {
    const grace = '01a21f91-0000-7000-8000-00000000a001';
    const juma = '01a21f91-0000-7000-8000-00000000b002';
    const refs = { [grace]: 'Grace Mushi', [juma]: 'Juma Hassan', [id]: 'JV-2026-000123' };
    expect(changedFields({ submittedBy: null }, { submittedBy: grace }, undefined, refs)).toEqual([
      'Submitted by: — → Grace Mushi',
    ]);
    expect(changedFields({ approvedBy: grace }, { approvedBy: juma }, undefined, refs)).toEqual([
      'Approved by: Grace Mushi → Juma Hassan',
    ]);
    const [entry] = changedFieldParts({ journalEntryId: null }, { journalEntryId: id }, undefined, refs);
    expect(entry?.after).toEqual({
      text: 'JV-2026-000123',
      to: `/account/operation/journal-entry?entry=${id}`,
    });
  });
});
