import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// i18n.ts sets the page's language attribute when it loads: give it the one element it touches.
(globalThis as { document?: unknown }).document ??= { documentElement: {} };
const { balanceState, linesProblem } = await import('./journal-lines.ts');
const { i18n } = await import('../../../lib/i18n.ts');

const line = (accountId: string, debit: string, credit: string) => ({ accountId, debit, credit });

describe('the journal entry form’s balance line and refusals (issue #20)', () => {
  beforeAll(() => i18n.changeLanguage('en'));
  afterAll(() => i18n.changeLanguage('en'));

  it('says nothing in red on an empty form', () => {
    expect(balanceState([line('', '', ''), line('', '', '')])).toEqual({
      tone: 'empty',
      text: 'Enter the debits and credits',
    });
  });

  it('shows the difference and the totals formatted as the screens show money', () => {
    expect(balanceState([line('a', '1500000', ''), line('b', '', '250000.5')])).toEqual({
      tone: 'unbalanced',
      text: 'Debits and credits differ by 1,249,999.50',
    });
    expect(linesProblem([line('a', '1500000', ''), line('b', '', '250000.5')])).toBe(
      'Debits (1,500,000.00) must equal credits (250,000.50)',
    );
    expect(balanceState([line('a', '100', ''), line('b', '', '100.00')]).tone).toBe('balanced');
    expect(linesProblem([line('a', '100', ''), line('b', '', '100.00'), line('', '', '')])).toBeNull();
  });

  it('names the line at fault, in the user’s language', async () => {
    expect(linesProblem([line('a', '12,5', ''), line('b', '', '12')])).toBe(
      'Line 1: enter the amount as a number, e.g. 1500000.00',
    );
    expect(linesProblem([line('a', '10', '10'), line('b', '', '10')])).toBe(
      'Line 1: enter either a debit or a credit',
    );
    expect(linesProblem([line('a', '10', ''), line('', '', '10')])).toBe(
      'Choose an account on every line with an amount',
    );
    expect(linesProblem([line('a', '10', '')])).toBe('An entry needs at least two lines');
    await i18n.changeLanguage('sw');
    expect(linesProblem([line('a', '1500000', ''), line('b', '', '5')])).toBe(
      'Debiti (1,500,000.00) lazima ziwe sawa na krediti (5.00)',
    );
  });
});
