import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// i18n.ts sets the page's language attribute when it loads: give it the one element it touches.
(globalThis as { document?: unknown }).document ??= { documentElement: {} };

type Asked = {
  title: string;
  message: string;
  amount?: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
};
const asked: Asked[] = [];
vi.mock('../../components/ConfirmAction.ts', () => ({
  confirmAction: (options: Asked) => asked.push(options),
}));

const { confirmApprove } = await import('./confirm-approve.ts');
const { i18n } = await import('../../lib/i18n.ts');

describe('approving asks first (issue #20)', () => {
  beforeEach(async () => {
    asked.length = 0;
    await i18n.changeLanguage('en');
  });
  afterAll(() => i18n.changeLanguage('en'));

  it('a voucher, a bank transfer, a budget and an adjustment: approved only once confirmed', () => {
    const approved: string[] = [];
    confirmApprove('voucher', { number: 'PV-0001', amount: 'TZS 1,250,000.00' }, () =>
      approved.push('voucher'),
    );
    confirmApprove('bankTransfer', { number: 'BT-0001', amount: 'TZS 1,250,000.00' }, () =>
      approved.push('transfer'),
    );
    confirmApprove('budget', { number: 'BU-0001', amount: 'TZS 1,250,000.00' }, () =>
      approved.push('budget'),
    );
    confirmApprove('budgetAdjustment', { number: 'BA-0001', amount: 'TZS 1,250,000.00' }, () =>
      approved.push('adjustment'),
    );
    // Asking approves nothing.
    expect(approved).toEqual([]);
    expect(asked.map((a) => a.title)).toEqual([
      'Approve this voucher?',
      'Approve this bank transfer?',
      'Approve this budget?',
      'Approve this budget adjustment?',
    ]);
    expect(asked[2]?.message).toContain('BU-0001');
    expect(asked[3]?.message).toContain('BA-0001');
    // Each says how much it approves (the shared dialog shows it as "Amount: …").
    expect(asked.map((a) => a.amount)).toEqual(Array(4).fill('TZS 1,250,000.00'));
    expect(asked.every((a) => a.confirmLabel === 'Approve' && a.danger === false)).toBe(true);
    for (const a of asked) a.onConfirm();
    expect(approved).toEqual(['voucher', 'transfer', 'budget', 'adjustment']);
  });

  it('asks in Swahili on Swahili screens', async () => {
    await i18n.changeLanguage('sw');
    confirmApprove('budget', { number: 'BU-0001', amount: 'TZS 1,250,000.00' }, () => undefined);
    confirmApprove('bankTransfer', { number: 'BT-0001', amount: 'TZS 1,250,000.00' }, () => undefined);
    expect(asked.map((a) => a.title)).toEqual(['Idhinisha bajeti hii?', 'Idhinisha uhamisho huu wa benki?']);
    expect(asked[0]?.message).toContain('BU-0001');
  });

  it('every approve button of the vouchers, transfers and budget screens goes through the question', () => {
    const files = ['vouchers/VouchersPage.tsx', 'budgets/BudgetDetailsPage.tsx'];
    for (const file of files) {
      const source = readFileSync(path.join(import.meta.dirname, file), 'utf8');
      const approvals = [...source.matchAll(/action: 'approve'/g)];
      expect(approvals.length, file).toBeGreaterThan(0);
      for (const approval of approvals) {
        // The mutation is the callback of a confirmApprove(...) call opened just before it.
        const before = source.slice(Math.max(0, (approval.index ?? 0) - 320), approval.index);
        expect(before, `${file}: an approve that does not ask first`).toMatch(/confirmApprove\(/);
      }
    }
    // Bank transfers use the vouchers' approve column, asked about as a transfer.
    const vouchers = readFileSync(path.join(import.meta.dirname, 'vouchers/VouchersPage.tsx'), 'utf8');
    expect(vouchers).toMatch(/audit === 'bank_transfer' \? 'bankTransfer' : 'voucher'/);
    const transfers = readFileSync(path.join(import.meta.dirname, 'vouchers/TransfersPage.tsx'), 'utf8');
    expect(transfers).toMatch(
      /useApproveColumn\('accounts\/bank-transfers', 'bank-transfers', 'bank_transfer'/,
    );
  });
});
