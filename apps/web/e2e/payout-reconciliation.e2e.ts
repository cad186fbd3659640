import { beforeAll, describe, expect, it } from 'vitest';
import { onOwnServer } from './own-server.ts';
import { approvedFarmerBatch } from './settlement-fixtures.ts';
import { api, apiSignIn, createUser, must, signedIn } from './support.ts';

/**
 * Reconciling a batch paid through the simulator with the provider's statement (#30), on a server
 * of its own. Through the API the batch is sent and paid. In the browser, on the batch's page, the
 * settlement officer reads the statement from the provider (every line matched), then imports a
 * statement file with a row the batch does not know; the finance manager confirms the
 * reconciliation after a confirmation dialog. Once in English, once in Swahili.
 */
let officer: { email: string; password: string };
let finance: { email: string; password: string };

const own = onOwnServer({ PAYOUT_PROVIDER: 'simulator', PAYOUT_SIM_SEED: 'e2e-reconcile' });
beforeAll(async () => {
  officer = await createUser(own.token, 'Settlement Officer');
  finance = await createUser(own.token, 'Finance Manager');
}, 240_000);

const texts = {
  en: {
    matched: 'Matched: 2',
    unknown: 'Unknown to this batch: 1',
    missing: 'Paid here, missing at the provider: 2',
    read: 'Statement of 2 rows reconciled',
    confirmed: 'Reconciliation confirmed: 0 line(s) closed',
  },
  sw: {
    matched: 'Vinalingana: 2',
    unknown: 'Haijulikani kwa kundi hili: 1',
    missing: 'Imelipwa hapa, haipo kwa mtoa huduma: 2',
    read: 'Ulinganisho wa taarifa ya mistari 2 umefanyika',
    confirmed: 'Ulinganisho umethibitishwa: mistari 0 imekamilishwa',
  },
} as const;

async function paidBatch(prefix: string) {
  const { batch } = await approvedFarmerBatch({ token: own.token, officer, finance }, prefix);
  const financeToken = await apiSignIn(finance.email, finance.password);
  await must(api('POST', `/payouts/batches/${batch.id}/send`, { total: batch.total }, financeToken), 'send');
  for (let i = 0; i < 300; i++) {
    const b = await must(
      api<{ data: { status: string } }>('GET', `/payments/batches/${batch.id}`, undefined, own.token),
      'batch',
    );
    if (b.data.status === 'paid') return batch;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the batch was not paid');
}

async function inLanguage(page: import('playwright-core').Page, language: 'en' | 'sw') {
  if (language === 'en') return;
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-option-sw').click();
  // Swahili is loaded on demand: the panel speaks it before anything is pressed.
  await page
    .getByTestId('payout-reconciliation')
    .getByText('Ulinganisho na taarifa ya mtoa huduma')
    .waitFor();
}

describe("a batch's reconciliation with the provider's statement in the browser", () => {
  for (const language of ['en', 'sw'] as const) {
    it(`reads the statement, imports a file, and another person confirms (${language})`, async () => {
      const batch = await paidBatch(`Reconcile ${language}`);
      const page = await signedIn(own.browser, officer);
      await page.goto(`/collections/farmer_payments?batch=${batch.id}`);
      await inLanguage(page, language);
      const panel = page.getByTestId('payout-reconciliation');
      await panel.getByTestId('rec-none').waitFor({ timeout: 30_000 });

      // The statement from the provider's API: both lines matched; a toast says so.
      const read = page.waitForResponse((r) =>
        r.url().endsWith(`/api/payouts/batches/${batch.id}/reconciliations`),
      );
      await panel.getByTestId('rec-from-provider').click();
      expect((await read).status()).toBe(201);
      await page.locator('.mantine-Notification-root').getByText(texts[language].read).waitFor();
      await panel.getByTestId('rec-count-matched').waitFor();
      await panel
        .getByTestId('rec-count-matched')
        .getByText(texts[language].matched, { exact: true })
        .waitFor();

      // A statement file naming only a payment the batch does not know.
      await panel.locator('input[type=file]').setInputFiles({
        name: 'statement.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Receipt No.,Phone,Amount,Status\nSIMZZZZ0001,255700000001,1000.00,Completed\n'),
      });
      const imported = page.waitForResponse((r) =>
        r.url().endsWith(`/api/payouts/batches/${batch.id}/reconciliations`),
      );
      await panel.getByTestId('rec-import').click();
      expect((await imported).status()).toBe(201);
      await panel.getByTestId('rec-count-unknown_row').waitFor();
      await panel
        .getByTestId('rec-count-unknown_row')
        .getByText(texts[language].unknown, { exact: true })
        .waitFor();
      await panel
        .getByTestId('rec-count-missing')
        .getByText(texts[language].missing, { exact: true })
        .waitFor();
      // The officer prepares; confirming is another person's.
      await expect(panel.getByTestId('rec-confirm').count()).resolves.toBe(0);
      await page.close();

      const checker = await signedIn(own.browser, finance);
      await checker.goto(`/collections/farmer_payments?batch=${batch.id}`);
      await inLanguage(checker, language);
      const checkerPanel = checker.getByTestId('payout-reconciliation');
      await checkerPanel.getByTestId('rec-confirm').click();
      await checker.getByTestId('confirm-action').waitFor();
      const confirmed = checker.waitForResponse((r) => r.url().endsWith('/confirm'));
      await checker.getByTestId('confirm-action').click();
      expect((await confirmed).status()).toBe(200);
      await checker.locator('.mantine-Notification-root').getByText(texts[language].confirmed).waitFor();
      await checkerPanel.getByTestId('rec-confirm').waitFor({ state: 'detached' });
      await checker.close();
    }, 240_000);
  }
});
