import {
  cashewSeasonCrop,
  deliverToWarehouse,
  nida,
  phone,
  type SeasonCrop,
  seasonAndCrop,
  tag,
  today,
  weighCollection,
} from './crop-flow-fixtures.ts';
import { api, apiSignIn, createUser, must } from './support.ts';

/**
 * Records an AMCOS clerk's screens show, made over the API for the accessibility and phone-layout
 * specs: a farmer with a weighed collection on a received delivery note, and two fertiliser
 * requests approved by the AMCOS manager and a union crop officer, one of them issued on credit.
 */
export type ClerkRecords = {
  crop: SeasonCrop;
  farmerId: string;
  /** The input item the requests are for (65,000 a bag on credit). */
  itemId: string;
  /** Approved and issued: its details page links the distribution. */
  issuedRequestId: string;
  /** Approved, not issued yet: the distribution form opens with it. */
  approvedRequestId: string;
  /** Approved by the AMCOS manager only: a union crop officer's details page asks to approve it. */
  pendingRequestId: string;
  distributionId: string;
  deliveryNoteId: string;
};

type Id = { data: { id: string } };

/** An input item and the society's store it is stocked in. */
export type StockedInput = { id: string; code: string; name: string; storeId: string };

/**
 * An input item in stock at a new store of the society (`quantity` bags received at 52,500) with
 * its price for the season: 65,000 on credit, 60,000 cash, a credit limit of 150,000 an acre.
 */
export async function stockedInput(
  token: string,
  society: { id: string; name: string },
  seasonId: string,
  input: { name: string; code: string; quantity: string },
): Promise<StockedInput> {
  const item = await must(
    api<Id>(
      'POST',
      '/inventory/items',
      { code: input.code, name: input.name, unit: 'bag', kind: 'stock' },
      token,
    ),
    'item',
  );
  const store = await must(
    api<Id>(
      'POST',
      '/inventory/stores',
      { code: `S${tag()}`, name: `Ghala la ${society.name}`, kind: 'amcos', amcosId: society.id },
      token,
    ),
    'store',
  );
  await must(
    api(
      'POST',
      '/inventory/grns/direct',
      {
        storeId: store.data.id,
        receivedOn: today,
        lines: [{ itemId: item.data.id, quantity: input.quantity, unitCost: '52500' }],
      },
      token,
    ),
    'GRN',
  );
  await must(
    api(
      'POST',
      '/settings/collection/input-prices',
      {
        seasonId,
        itemId: item.data.id,
        creditPrice: '65000',
        cashPrice: '60000',
        limitBasis: 'per_acre',
        creditLimit: '150000',
      },
      token,
    ),
    'price',
  );
  return { id: item.data.id, code: input.code, name: input.name, storeId: store.data.id };
}

export async function clerkRecords(
  token: string,
  society: { id: string; name: string },
  clerk: { email: string; password: string },
): Promise<ClerkRecords> {
  const clerkToken = await apiSignIn(clerk.email, clerk.password);
  const manager = await createUser(token, 'AMCOS Manager', society.id);
  const officer = await createUser(token, 'Crop Officer');
  const approvers = [
    await apiSignIn(manager.email, manager.password),
    await apiSignIn(officer.email, officer.password),
  ];
  const crop = await cashewSeasonCrop(token);
  const sc = await seasonAndCrop(token, crop);
  const farmer = await must(
    api<{ data: { id: string; farmerNo: string } }>(
      'POST',
      '/collections/farmers',
      {
        amcosId: society.id,
        firstName: 'Rehema',
        lastName: `Simu ${tag()}`,
        gender: 'Female',
        nationalId: nida(),
        phone: phone(),
        farms: [{ name: 'Shamba la korosho', cropId: sc.cropId, acres: '3' }],
      },
      token,
    ),
    'farmer',
  );
  const item = await stockedInput(token, society, sc.seasonId, {
    name: `NPK ${tag()}`,
    code: `NPK-${tag()}`,
    quantity: '40',
  });
  const requestApprovedBy = async (levels = approvers.length) => {
    const made = await must(
      api<Id>(
        'POST',
        '/collections/farmer-requests',
        {
          farmerId: farmer.data.id,
          seasonCropId: crop.seasonCropId,
          lines: [{ itemId: item.id, quantity: '2' }],
        },
        clerkToken,
      ),
      'request',
    );
    for (const approver of approvers.slice(0, levels))
      await must(
        api('PATCH', `/collections/farmer-requests/${made.data.id}/approve`, undefined, approver),
        'approve',
      );
    return made.data.id;
  };
  const issuedRequestId = await requestApprovedBy();
  const approvedRequestId = await requestApprovedBy();
  const pendingRequestId = await requestApprovedBy(1);
  const distribution = await must(
    api<Id>(
      'POST',
      '/collections/distributions',
      { requestId: issuedRequestId, storeId: item.storeId, kind: 'credit' },
      clerkToken,
    ),
    'distribution',
  );
  const collectionId = await weighCollection(clerkToken, crop, {
    farmerNo: farmer.data.farmerNo,
    bags: 3,
    grossKg: '243.000',
    tareKg: '3.000',
    moisture: '8.00',
  });
  const { noteId } = await deliverToWarehouse(token, clerkToken, {
    prefix: 'Simu',
    seasonCropId: crop.seasonCropId,
    collectionIds: [collectionId],
    receivedBags: 3,
    receivedKg: '240.000',
  });
  return {
    crop,
    farmerId: farmer.data.id,
    itemId: item.id,
    issuedRequestId,
    approvedRequestId,
    pendingRequestId,
    distributionId: distribution.data.id,
    deliveryNoteId: noteId,
  };
}
