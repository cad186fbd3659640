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
