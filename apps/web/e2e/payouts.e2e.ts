import { toGroupedMoney } from '@ushirika/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { onOwnServer } from './own-server.ts';
import { approvedFarmerBatch as approvedBatchOf } from './settlement-fixtures.ts';
import { api, createUser, type Listed, must, signedIn } from './support.ts';

/**
 * Paying farmers through the payout provider's API (#30), on a server of its own with the built-in
 * simulator, which here finds every registered name different from the payee's (so each line waits
 * for a person). Through the API: a society's paid lot is settled, approved and its farmers' batch
 * approved. In the browser, the finance manager sends the batch, confirms one held name and corrects
 * the other's mobile number, and watches both lines paid; once in English, once in Swahili.
 */
let officer: { email: string; password: string };
let finance: { email: string; password: string };

const own = onOwnServer({
  PAYOUT_PROVIDER: 'simulator',
  PAYOUT_SIM_NAME_MISMATCH_RATE: '1',
  PAYOUT_SIM_SEED: 'e2e',
});
beforeAll(async () => {
  officer = await createUser(own.token, 'Settlement Officer');
  finance = await createUser(own.token, 'Finance Manager');
}, 240_000);

const texts = {
  en: { succeeded: 'Succeeded: 2', held: 'Names held: 0' },
  sw: { succeeded: 'Zimefanikiwa: 2', held: 'Majina yaliyozuiwa: 0' },
} as const;

describe('payouts through the provider in the browser', () => {
  for (const language of ['en', 'sw'] as const) {
    it(`sends a batch, decides the held names and watches it paid (${language})`, async () => {
      const { batch, farmerNames } = await approvedBatchOf(
        { token: own.token, officer, finance },
        `Payout ${language}`,
      );
      const page = await signedIn(own.browser, finance);
      await page.goto(`/collections/farmer_payments?batch=${batch.id}`);
      if (language === 'sw') {
        await page.getByTestId('language-switch').click();
        await page.getByTestId('language-option-sw').click();
      }

      // Send asks first, with the batch's amount.
      await page.getByTestId('batch-send').click();
      await page.getByTestId('confirm-action').waitFor();
      await expect(page.getByRole('dialog').textContent()).resolves.toContain(toGroupedMoney(batch.total));
      const sent = page.waitForResponse((r) => r.url().endsWith(`/api/payouts/batches/${batch.id}/send`));
      await page.getByTestId('confirm-action').click();
      expect((await sent).status()).toBe(202);

      // The simulator's registered names differ: both lines wait for a person; nothing is paid yet.
      const held = page.getByTestId('payout-held');
      for (const name of farmerNames) await held.getByText(name).waitFor({ timeout: 30_000 });
      const rows = held.locator('tbody tr');
      await expect(rows.count()).resolves.toBe(2);
      const before = await must(
        api<Listed<unknown>>('GET', `/payouts/simulator/ledger?batch_id=${batch.id}`, undefined, own.token),
        'ledger before',
      );
      expect(before.data).toHaveLength(0);

      // Confirm the first name as it is; correct the second one's mobile number.
      const first = rows.filter({ hasText: farmerNames[0] ?? '' });
      await first.getByRole('button', { name: language === 'sw' ? 'Thibitisha' : 'Confirm' }).click();
      await held.getByText(farmerNames[0] ?? '').waitFor({ state: 'detached' });
      const second = rows.filter({ hasText: farmerNames[1] ?? '' });
      await second.getByRole('textbox').fill('0754 321 987');
      await second.getByRole('button', { name: language === 'sw' ? 'Rekebisha' : 'Correct' }).click();

      // Both lines end paid, and the page says so without a reload.
      await page.getByTestId('payout-succeeded').getByText('2').waitFor({ timeout: 60_000 });
      await expect(page.getByTestId('payout-progress').textContent()).resolves.toContain(
        texts[language].succeeded,
      );
      await expect(page.getByTestId('payout-progress').textContent()).resolves.toContain(
        texts[language].held,
      );

      // The simulator paid each line once, the corrected one to the corrected wallet.
      const ledger = await must(
        api<Listed<{ name: string; account: string; amount: string; status: string }>>(
          'GET',
          `/payouts/simulator/ledger?batch_id=${batch.id}`,
          undefined,
          own.token,
        ),
        'ledger',
      );
      expect(ledger.data.map((l) => l.status)).toEqual(['succeeded', 'succeeded']);
      expect(ledger.data.some((l) => l.account.endsWith('754321987'))).toBe(true);
      const after = await must(
        api<{ data: { status: string } }>('GET', `/payments/batches/${batch.id}`, undefined, own.token),
        'batch',
      );
      expect(after.data.status).toBe('paid');
      await page.close();
    }, 240_000);
  }
});
