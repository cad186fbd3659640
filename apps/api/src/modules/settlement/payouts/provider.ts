/**
 * The payout provider port (#30): what the sender needs from a mobile-money or bank API. Every
 * adapter (the built-in simulator; real providers later) implements it. The payment line's id is
 * the idempotency key of `send`: a provider that sees a key twice pays once.
 */
export type PayoutChannel = 'mobile' | 'bank';

/** Where the money goes: a mobile wallet, or a bank account. */
export type PayoutAccount = {
  channel: PayoutChannel;
  phone: string | null;
  bankName: string | null;
  accountNo: string | null;
};

export type NameLookup = { found: true; name: string } | { found: false; reason: string };

export type SendRequest = {
  idempotencyKey: string;
  account: PayoutAccount;
  name: string;
  /** TZS, two decimals, as a string. */
  amount: string;
  reference: string;
  /** The provider kind recorded on the line, when the sender read it with the line (saves a query). */
  providerKind?: string;
};

/**
 * accepted: the provider took the payment and will call back; rejected: it refused it for good
 * (nothing was paid). A timeout or a broken connection throws PayoutTimeoutError: the payment
 * may or may not have been made, and only a status query may say which.
 */
export type SendReply =
  | { outcome: 'accepted'; providerReference: string }
  | { outcome: 'rejected'; reason: string };

/** A payment's end as the provider reports it, in a callback or a status query. */
export type PayoutResult =
  | { status: 'succeeded'; providerReference: string; fee: string }
  | { status: 'failed'; providerReference: string | null; reason: string };

export type StatusReply = PayoutResult | { status: 'pending' } | { status: 'not_found' };

export type PayoutCallback = PayoutResult & { idempotencyKey: string };

/**
 * One row of a provider's statement of payments (#30 reconciliation): the provider's reference,
 * the idempotency key it was sent with when the statement carries it, the account paid, the
 * amount (TZS, two decimals), the fee when given, and the payment's end at the provider.
 */
export type StatementRow = {
  rowNo: number;
  providerReference: string | null;
  idempotencyKey: string | null;
  account: string | null;
  amount: string;
  fee: string | null;
  status: 'succeeded' | 'failed' | 'pending';
  reason: string | null;
};

export class PayoutTimeoutError extends Error {}
export class CallbackRejectedError extends Error {}

export type PayoutProvider = {
  readonly name: string;
  nameLookup(account: PayoutAccount, expectedName: string): Promise<NameLookup>;
  send(request: SendRequest): Promise<SendReply>;
  queryStatus(idempotencyKey: string): Promise<StatusReply>;
  /** Checks a callback's signature and reads it; throws CallbackRejectedError when it is not genuine. */
  verifyCallback(headers: Record<string, string | undefined>, rawBody: string): PayoutCallback;
  /** The provider's fee for sending `amount` on a channel (what the collection bank pays on top). */
  fee(channel: PayoutChannel, amount: string): string;
  /**
   * The provider's statement of the payments sent with these idempotency keys, from its API; only
   * providers that offer one have it (the others' statements are imported as CSV files).
   */
  statement?(idempotencyKeys: string[]): Promise<StatementRow[]>;
  /** Where callbacks go: the provider's callback route hands each request to this. */
  onCallback(deliver: (headers: Record<string, string>, rawBody: string) => Promise<void>): void;
  stop(): Promise<void>;
};
