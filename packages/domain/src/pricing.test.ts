import { describe, expect, it } from 'vitest';
import { farmerTotal, priceLine } from './pricing.ts';

const prices = { creditPrice: '65000.00', cashPrice: '60000.00', subsidisedPrice: '20000.00' };

describe('priceLine', () => {
  it('100 bags x 65,000 = 6,500,000 + 18% VAT 1,170,000; 10 sprayers x 85,000.50 = 850,005.00 without VAT', () => {
    const bags = priceLine({ quantity: '100', unitPrice: '65000', vat: true }, '18');
    expect([bags.amount.toFixed(2), bags.vatAmount.toFixed(2)]).toEqual(['6500000.00', '1170000.00']);
    const sprayers = priceLine({ quantity: '10', unitPrice: '85000.50', vat: false }, '18');
    expect([sprayers.amount.toFixed(2), sprayers.vatAmount.toFixed(2)]).toEqual(['850005.00', '0.00']);
  });

  it('rounds the amount half-up to the cent before the VAT is taken of it', () => {
    // 0.335 x 10.01 = 3.35335 -> 3.35; VAT 18% of 3.35 = 0.603 -> 0.60
    const line = priceLine({ quantity: '0.335', unitPrice: '10.01', vat: true }, '18');
    expect([line.amount.toFixed(2), line.vatAmount.toFixed(2)]).toEqual(['3.35', '0.60']);
  });
});

describe('farmerTotal', () => {
  const lines = [
    { quantity: '3', price: prices },
    { quantity: '0.5', price: { ...prices, creditPrice: '12345.67' } },
  ];
  it('on credit: 3 x 65,000 + 0.5 x 12,345.67 (6,172.835 -> 6,172.84) = 201,172.84', () => {
    expect(farmerTotal('credit', lines)).toBe('201172.84');
  });
  it('cash, subsidised and free by their own prices; null when an item has no subsidised price', () => {
    expect(farmerTotal('cash', [{ quantity: '3', price: prices }])).toBe('180000.00');
    expect(farmerTotal('subsidised', [{ quantity: '3', price: prices }])).toBe('60000.00');
    expect(farmerTotal('free', lines)).toBe('0.00');
    expect(
      farmerTotal('subsidised', [{ quantity: '1', price: { ...prices, subsidisedPrice: null } }]),
    ).toBeNull();
  });
});
