import { readFile } from 'node:fs/promises';
import { todayInTanzania } from '@ushirika/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  amcosWithClerk,
  cashewSeasonCrop,
  createFarmer,
  tag,
  weighCollection,
} from './crop-flow-fixtures.ts';
import { onOwnServer } from './own-server.ts';
import { api, apiSignIn, createUser, type Listed, must, signedIn } from './support.ts';

/**
 * The appropriation of the surplus (#32) in the browser, on a server of its own (this year is
 * closed). This year the Operation book earned 1,000,000.00 of levy income; AMCOS A paid
 * 300,000.00 in shares and its farmer delivered 1,000 kg, B 200,000.00 and 500 kg. The accountant
 * proposes 10 % dividend and 10.00 a kg (English): reserve 25 % = 250,000.00, dividend 50,000.00
 * (A 30,000.00, B 20,000.00), bonus 15,000.00 (A 10,000.00, B 5,000.00), retained 685,000.00. A
 * subscribed 315,000.00, so 15,000.00 is unpaid: the accountant sets on its member page that its
 * dividend and bonus pay its unpaid shares first, so of its 40,000.00 15,000.00 goes to its shares
 * and 25,000.00 is paid to it. The finance manager approves it at the AGM next year; the details
 * read in Swahili, and the AGM pack of the closed year downloads from the Appropriations page
 * (Swahili: its file name).
 */
let accountant: { email: string; password: string };
let manager: { email: string; password: string };
let seasonName: string;
let alpha: { id: string; name: string };
let alphaMemberId: string;
const YEAR = todayInTanzania().slice(0, 4);
const NEXT = String(Number(YEAR) + 1);

async function accountIdOf(code: string): Promise<string> {
  const r = await api<Listed<{ id: string; code: string; book: string }>>(
    'GET',
    `/accounts?search=${code}&per_page=200`,
    undefined,
    own.token,
  );
  const found = r.body.data.find((a) => a.code === code && a.book === 'operation');
  if (!found) throw new Error(`no operation account ${code}`);
  return found.id;
}

async function member(
  name: string,
  shares: string,
  subscribed: string,
  kg: string,
  bank: string,
  crop: Awaited<ReturnType<typeof cashewSeasonCrop>>,
) {
  const { society, clerkToken } = await amcosWithClerk(own.token, `${name} ${tag()}`);
  const joined = await must(
    api<{ data: { id: string } }>(
      'POST',
      '/members',
      {
        society: 'union',
        memberAmcosId: society.id,
        joinedOn: `${YEAR}-01-10`,
        sharesSubscribed: subscribed,
      },
      own.token,
    ),
    'member',
  );
  await must(
    api(
      'POST',
      `/members/${joined.data.id}/payments`,
      { kind: 'shares', amount: shares, paidOn: `${YEAR}-01-20`, bankAccountId: bank },
      own.token,
    ),
    'shares',
  );
  const farmer = await createFarmer(own.token, {
    amcosId: society.id,
    firstName: 'Asha',
    lastName: `Kg${tag()}`,
  });
  await weighCollection(clerkToken, crop, {
    farmerNo: farmer.farmerNo,
    bags: 20,
    grossKg: kg,
    tareKg: '0.000',
    moisture: '8.00',
  });
  return { society, memberId: joined.data.id };
}

const own = onOwnServer();
beforeAll(async () => {
  accountant = await createUser(own.token, 'Accountant');
  manager = await createUser(own.token, 'Finance Manager');
  const bank = await accountIdOf('1101');
  const entry = await must(
    api<{ data: { id: string } }>(
      'POST',
      '/accounts/journal-entries',
      {
        entryDate: `${YEAR}-01-15`,
        book: 'operation',
        narration: 'Levy income',
        lines: [
          { accountId: bank, debit: '1000000.00' },
          { accountId: await accountIdOf('4101'), credit: '1000000.00' },
        ],
      },
      await apiSignIn(accountant.email, accountant.password),
    ),
    'journal',
  );
  await must(
    api('PATCH', `/accounts/journal-entries/${entry.data.id}/approve`, undefined, own.token),
    'approve',
  );
  const crop = await cashewSeasonCrop(own.token);
  seasonName = crop.label.split(' · ')[0] ?? '';
  const a = await member('Alpha', '300000', '315000', '1000.000', bank, crop);
  alpha = a.society;
  alphaMemberId = a.memberId;
  await member('Beta', '200000', '200000', '500.000', bank, crop);
  const years = await api<Listed<{ id: string; name: string }>>(
    'GET',
    '/financial-years',
    undefined,
    own.token,
  );
  const year = years.body.data.find((y) => y.name.includes(YEAR));
  await must(api('PATCH', `/financial-years/${year?.id}/close`, undefined, own.token), 'close');
  await must(
    api(
      'POST',
      '/financial-years',
      { name: `FY ${NEXT}`, startDate: `${NEXT}-01-01`, endDate: `${NEXT}-12-31` },
      own.token,
    ),
    'next year',
  );
}, 300_000);

async function lineOf(page: Page, name: RegExp) {
  return page.getByTestId('appropriation-lines').locator('tr', { hasText: name }).innerText();
}

describe('the appropriation of the surplus (#32)', () => {
  let detailsUrl = '';

  it('the accountant previews and proposes it from Members, in English', async () => {
    const page = await signedIn(own.browser, accountant);
    // Alpha's dividend and bonus pay its unpaid shares first: chosen on its member page.
    await page.goto(`/members/${alphaMemberId}/details`);
    await page.getByTestId('member-edit').click();
    const edit = page.getByTestId('member-edit-form');
    // The switch from the keyboard: focused, then Space.
    const choice = edit.getByRole('switch', { name: 'Dividend and bonus pay my unpaid shares first' });
    await choice.focus();
    await page.keyboard.press('Space');
    expect(await choice.isChecked()).toBe(true);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByText('Member updated successfully').first().waitFor();
    await expect
      .poll(() => page.getByTestId('member-figures').innerText())
      .toMatch(/Dividend and bonus pay my unpaid shares first\s*Yes/);
    await page.goto('/home');
    await page.getByRole('link', { name: 'Members', exact: true }).first().click();
    await page
      .getByRole('tab', { name: 'Appropriation of the surplus' })
      .or(page.getByRole('link', { name: 'Appropriation of the surplus' }))
      .first()
      .click();
    await page.waitForURL(/\/members\/appropriations$/);
    // The by-laws' reserve, a one-figure dialog: shown as stored, a word refused on its box, kept.
    await page.getByTestId('appropriation-reserve').click();
    const reserve = page.getByTestId('appropriation-reserve-form');
    const percent = reserve.getByLabel('Statutory reserve (%)');
    expect(await percent.inputValue()).toBe('25.00');
    await percent.fill('twenty');
    await reserve.getByRole('button', { name: 'Save' }).click();
    await reserve.locator('[aria-invalid="true"]').waitFor();
    expect(await percent.getAttribute('aria-invalid')).toBe('true');
    await percent.fill('25');
    await reserve.getByRole('button', { name: 'Save' }).click();
    await reserve.waitFor({ state: 'detached' });
    await page
      .getByTestId('appropriation-reserve')
      .getByText(/25(\.00)? %/)
      .waitFor();
    await page.getByTestId('appropriations-table-create').click();
    const form = page.getByTestId('appropriation-form');
    await page
      .getByTestId('appropriation-year')
      .selectOption({ label: `FY ${YEAR}` })
      .catch(async () => {
        const options = await page.getByTestId('appropriation-year').locator('option').allTextContents();
        const label = options.find((o) => o.includes(YEAR));
        await page.getByTestId('appropriation-year').selectOption({ label: label ?? '' });
      });
    await page.getByTestId('appropriation-season').selectOption({ label: seasonName });
    await page.getByTestId('appropriation-dividend').fill('10');
    await page.getByTestId('appropriation-bonus').fill('10');
    await page.getByTestId('appropriation-preview').click();
    await form.getByText('TZS 685,000.00').waitFor();
    // Alpha: 40,000.00 owed, 15,000.00 to its unpaid shares (a preview), 25,000.00 paid to it.
    expect(await lineOf(page, /Alpha/)).toMatch(
      /30,000\.00[\s\S]*10,000\.00[\s\S]*40,000\.00[\s\S]*15,000\.00[\s\S]*25,000\.00/,
    );
    expect(await lineOf(page, /Beta/)).toMatch(
      /20,000\.00[\s\S]*5,000\.00[\s\S]*25,000\.00[\s\S]*0\.00[\s\S]*25,000\.00/,
    );
    await form.getByText('To unpaid shares').first().waitFor();
    await form.getByRole('button', { name: 'Propose appropriation' }).click();
    await page.getByTestId('confirm-action').click();
    await page.waitForURL(/\/members\/appropriations\/.+\/details$/);
    detailsUrl = new URL(page.url()).pathname;
    await page.getByText('Proposed', { exact: true }).first().waitFor();
    // Whoever proposed it does not decide on it.
    expect(await page.getByTestId('approve-appropriation').count()).toBe(0);
    await page.context().close();
  }, 180_000);

  it('the finance manager approves it at the AGM next year; it reads in Swahili', async () => {
    const page = await signedIn(own.browser, manager);
    await page.goto(detailsUrl);
    await page.getByTestId('approve-appropriation').click();
    const form = page.getByTestId('appropriation-approve-form');
    const date = form.getByLabel('AGM date');
    await date.fill(`${NEXT}-03-15`);
    await date.blur();
    await form.getByRole('button', { name: 'Approve' }).click();
    await page.getByTestId('confirm-action').click();
    await form.waitFor({ state: 'detached' });
    await page.getByText('Approved', { exact: true }).first().waitFor();
    const id = detailsUrl.split('/').at(-2) ?? '';
    const saved = await api<{ data: { status: string; paymentBatchNo: string | null; reserve: string } }>(
      'GET',
      `/members/appropriations/${id}`,
      undefined,
      own.token,
    );
    expect(saved.body.data).toMatchObject({ status: 'approved', reserve: '250000.00' });
    expect(saved.body.data.paymentBatchNo).toMatch(/^PB/);
    // Alpha's unpaid shares were paid first: its register says so.
    const alphaMember = await api<{ data: { sharesPaid: string; sharesUnpaid: string } }>(
      'GET',
      `/members/${alphaMemberId}`,
      undefined,
      own.token,
    );
    expect(alphaMember.body.data).toMatchObject({ sharesPaid: '315000.00', sharesUnpaid: '0.00' });
    await page.evaluate(() => window.localStorage.setItem('i18n_locale', 'sw'));
    await page.reload();
    await page.getByText('Imeidhinishwa', { exact: true }).first().waitFor();
    for (const label of [
      'Akiba ya kisheria',
      'Gawio',
      'Bonasi',
      'Ziada inayobaki',
      'Kwa kila AMCOS',
      'Kundi la malipo',
      'Kwa hisa ambazo hazijalipwa',
      'Kinacholipwa kwa AMCOS',
    ])
      await page.getByText(label, { exact: true }).first().waitFor();
    await page.context().close();
  }, 180_000);

  it('the finance manager downloads the AGM pack of the closed year from Appropriations, in Swahili', async () => {
    const page = await signedIn(own.browser, manager);
    await page.evaluate(() => window.localStorage.setItem('i18n_locale', 'sw'));
    await page.goto('/members/appropriations');
    await page.getByTestId('agm-pack').getByText('Kifurushi cha mkutano mkuu').waitFor();
    await page.getByTestId('agm-pack').click();
    const form = page.getByTestId('agm-pack-form');
    await form.getByLabel('Mwaka wa fedha uliofungwa').selectOption({ label: `FY ${YEAR}` });
    const download = page.waitForEvent('download');
    await form.getByRole('button', { name: 'Pakua kifurushi cha mkutano mkuu' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`KIFURUSHI_CHA_MKUTANO_MKUU_FY_${YEAR}.pdf`);
    const bytes = await readFile((await file.path()) ?? '');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await form.waitFor({ state: 'detached' });
    await page.context().close();
  }, 180_000);

  it("an AMCOS manager reads their own society's line only, read-only", async () => {
    const societyManager = await createUser(own.token, 'AMCOS Manager', alpha.id);
    const page = await signedIn(own.browser, societyManager);
    await page.goto('/members/societies');
    const lines = page.getByTestId('own-appropriation-lines');
    await lines
      .getByText(/40,000\.00/)
      .first()
      .waitFor();
    expect(await lines.locator('tbody tr').count()).toBe(1);
    await page.goto('/members/appropriations');
    await page.getByTestId('no-access').waitFor();
    await page.context().close();
  }, 180_000);
});
