import { tag, today } from './crop-flow-fixtures.ts';
import { api, must } from './support.ts';

/**
 * Sales records made over the API for the browser specs: a licensed buyer, a lot sold to it
 * through a closed auction (which makes the invoice), and the buyer's payment of that invoice.
 */

export type Buyer = { id: string; name: string; bidCode: string };
export type Invoice = { id: string; invoiceNo: string; total: string };

/** A buyer licensed until 2099, named `${name} <tag>` with a fresh bid code. */
export async function createBuyer(token: string, name: string): Promise<Buyer> {
  const bidCode = `B${tag()}`;
  const body = {
    name: `${name} ${tag()}`,
    licenceNo: `CBT/${tag()}`,
    bidCode,
    licenceExpiresOn: '2099-12-31',
  };
  const made = await must(
    api<{ data: { id: string; name: string } }>('POST', '/sales/buyers', body, token),
    'buyer',
  );
  return { ...made.data, bidCode };
}

/**
 * Sells one lot to the buyer: an auction of today catalogues it at a reserve of 2,000/kg, is
 * published, takes the bid, the society accepts it (form F-E2E) and the auction closes. Returns
 * the buyer's invoice.
 */
export async function sellLot(
  token: string,
  sale: { seasonCropId: string; lotId: string; buyerId: string; pricePerKg: string },
): Promise<Invoice> {
  const { seasonCropId, lotId, buyerId, pricePerKg } = sale;
  const auction = await must(
    api<{ data: { id: string } }>(
      'POST',
      '/sales/auctions',
      { seasonCropId, auctionDate: today, platform: 'tmx_online' },
      token,
    ),
    'auction',
  );
  const path = `/sales/auctions/${auction.data.id}`;
  const catalogue = { lots: [{ lotId, reservePrice: '2000.00' }] };
  await must(api('POST', `${path}/lots`, catalogue, token), 'catalogue');
  await must(api('PATCH', `${path}/publish`, undefined, token), 'publish');
  await must(api('PUT', `${path}/results`, { results: [{ lotId, buyerId, pricePerKg }] }, token), 'results');
  const decisions = { decisions: [{ lotId, decision: 'accept', formRef: 'F-E2E' }] };
  await must(api('PUT', `${path}/decisions`, decisions, token), 'decisions');
  const closed = await must(
    api<{ data: { invoices: Invoice[] } }>('PATCH', `${path}/close`, undefined, token),
    'close',
  );
  const invoice = closed.data.invoices[0];
  if (!invoice) throw new Error('the close made no invoice');
  return invoice;
}

/** The buyer pays the whole invoice today into the collection bank account. */
export async function payInFull(token: string, buyerId: string, invoice: Invoice): Promise<void> {
  const mappings = await must(
    api<{ data: { key: string; accountId: string | null }[] }>('GET', '/accounts/mappings', undefined, token),
    'mappings',
  );
  const bankAccountId = mappings.data.find((m) => m.key === 'collection_bank')?.accountId;
  if (!bankAccountId) throw new Error('no collection bank account mapped');
  const receipt = {
    buyerId,
    receiptDate: today,
    bankAccountId,
    amount: invoice.total,
    reference: `TT-${tag()}`,
    allocations: [{ invoiceId: invoice.id, amount: invoice.total }],
  };
  await must(api('POST', '/sales/receipts', receipt, token), 'receipt');
}
