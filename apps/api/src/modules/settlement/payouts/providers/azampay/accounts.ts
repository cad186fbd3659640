import type { PayoutAccount, PayoutChannel } from '../../provider.ts';
import { msisdnOf } from '../http.ts';

/** The mobile operator by the number's prefix (255 + two digits), as AzamPay names it. */
const OPERATORS: Record<string, string> = {
  '74': 'Mpesa',
  '75': 'Mpesa',
  '76': 'Mpesa',
  '68': 'Airtel',
  '69': 'Airtel',
  '78': 'Airtel',
  '65': 'Tigo',
  '67': 'Tigo',
  '71': 'Tigo',
  '77': 'Tigo',
  '61': 'Halopesa',
  '62': 'Halopesa',
};
const MOBILE = new Set([...Object.values(OPERATORS), 'Azampesa'].map((o) => o.toLowerCase()));

export type Destination = { bankName: string; accountNumber: string };

/** Where AzamPay sends the money: its bank or operator name and the account, or null. */
export function destinationOf(account: PayoutAccount): Destination | null {
  if (account.channel === 'bank')
    return account.bankName?.trim() && account.accountNo?.trim()
      ? { bankName: account.bankName.trim(), accountNumber: account.accountNo.replace(/\s/g, '') }
      : null;
  const msisdn = msisdnOf(account.phone);
  const operator = msisdn ? OPERATORS[msisdn.slice(3, 5)] : undefined;
  return msisdn && operator ? { bankName: operator, accountNumber: msisdn } : null;
}

/** Whether AzamPay's bank or operator name is a bank (for the fee). */
export const channelOf = (bankName: string | null | undefined): PayoutChannel =>
  bankName && !MOBILE.has(bankName.toLowerCase()) ? 'bank' : 'mobile';

/**
 * The line id as AzamPay's `externalReferenceId` (at most 30 characters): the UUID's 128 bits in
 * base 36 (25 characters), and back. An id, never money.
 */
export function externalIdOf(key: string): string {
  const hex = key.replaceAll('-', '');
  return /^[0-9a-f]{32}$/i.test(hex) ? BigInt(`0x${hex}`).toString(36) : key;
}

export function keyOfExternalId(id: string): string {
  if (!/^[0-9a-z]{1,25}$/.test(id)) return id;
  let n = 0n;
  for (const ch of id) n = n * 36n + BigInt(Number.parseInt(ch, 36));
  const hex = n.toString(16).padStart(32, '0');
  if (hex.length !== 32) return id;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
