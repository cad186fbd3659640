import type { Page } from 'playwright-core';
import {
  amcosWithClerk,
  cashewSeasonCrop,
  createFarmer,
  deliverToWarehouse,
  issueLots,
  phone,
  tag,
  weighCollection,
} from './crop-flow-fixtures.ts';
import { createBuyer, payInFull, sellLot } from './sales-fixtures.ts';
import { api, apiSignIn, type Listed, must } from './support.ts';

/**
 * Through the API: a new society's two farmers (600 kg and 400 kg) in one lot, sold at 2,500/kg and
 * paid for in full, so the society's paid lots wait to be settled. `prefix` names the society,
 * the delivery note and the buyer.
 */
export async function paidLotOfTwoFarmers(
  token: string,
  prefix: string,
): Promise<{ society: { id: string; name: string }; farmerNames: string[] }> {
  const crop = await cashewSeasonCrop(token);
  const made = await amcosWithClerk(token, `${prefix} AMCOS ${tag()}`);
  const farmerNames: string[] = [];
  const collectionIds: string[] = [];
  for (const [firstName, kg] of [
    ['Asha', 600],
    ['Baraka', 400],
  ] as const) {
    const lastName = `Malipo ${tag()}`;
    const farmer = await createFarmer(token, {
      amcosId: made.society.id,
      firstName,
      lastName,
      phone: phone(),
    });
    farmerNames.push(`${firstName} ${lastName}`);
    const weighing = {
      farmerNo: farmer.farmerNo,
      bags: 5,
      grossKg: `${kg + 5}.000`,
      tareKg: '5.000',
      moisture: '8.00',
    };
    collectionIds.push(await weighCollection(made.clerkToken, crop, weighing));
  }
  const { noteId } = await deliverToWarehouse(token, made.clerkToken, {
    prefix,
    seasonCropId: crop.seasonCropId,
    collectionIds,
    receivedBags: 10,
    receivedKg: '1000.000',
  });
  const [lot] = await issueLots(token, {
    noteId,
    gradeId: crop.gradeId,
    lots: [{ bags: 10, netKg: '1000.000' }],
  });
  if (!lot) throw new Error('no lot issued');
  const buyer = await createBuyer(token, `${prefix} Exporters`);
  const sale = { seasonCropId: crop.seasonCropId, lotId: lot.id, buyerId: buyer.id, pricePerKg: '2500.00' };
  await payInFull(token, buyer.id, await sellLot(token, sale));
  return { society: made.society, farmerNames };
}

/**
 * A society's two farmers settled (by the officer, approved by the finance manager) and their
 * farmers' batch approved by the administrator, ready to send through a payout provider (#30).
 */
export async function approvedFarmerBatch(
  people: {
    token: string;
    officer: { email: string; password: string };
    finance: { email: string; password: string };
  },
  prefix: string,
) {
  const { token, officer, finance } = people;
  const { society, farmerNames } = await paidLotOfTwoFarmers(token, prefix);
  const officerToken = await apiSignIn(officer.email, officer.password);
  const financeToken = await apiSignIn(finance.email, finance.password);
  const settlement = await must(
    api<{ data: { id: string } }>('POST', '/payments/settlements', { amcosId: society.id }, officerToken),
    'settlement',
  );
  await must(
    api('PATCH', `/payments/settlements/${settlement.data.id}/approve`, {}, financeToken),
    'approve settlement',
  );
  const batches = await must(
    api<Listed<{ id: string; total: string }>>(
      'GET',
      `/payments/batches?settlement_id=${settlement.data.id}&party_type=farmer`,
      undefined,
      token,
    ),
    'batches',
  );
  const [batch] = batches.data;
  if (!batch) throw new Error('no farmer batch');
  await must(api('PATCH', `/payments/batches/${batch.id}/approve`, {}, token), 'approve batch');
  return { batch, farmerNames };
}

/** Opens a new settlement of the society's paid lots and previews it: the dialog and its preview. */
export async function previewSettlement(page: Page, societyName: string) {
  await page.goto('/collections/payments/whr');
  await page.getByTestId('settlements-table-create').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'AMCOS' }).click();
  await page.getByRole('option', { name: societyName }).click();
  await dialog.getByTestId('settle-preview').click();
  const preview = dialog.getByTestId('settle-preview-result');
  await preview.waitFor();
  return { dialog, preview };
}
