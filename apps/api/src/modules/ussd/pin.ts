import { createHash, randomBytes, randomInt, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * A farmer's 4-digit PIN, kept as a salted scrypt hash (`scrypt$<N>$<salt>$<hash>`). Ten thousand
 * PINs: no hash cost protects them from someone holding the table, so the hash is light (N = 4096,
 * a few milliseconds: every USSD step checks the PIN again) and the protection is the lock after
 * three wrong PINs. docs/DECISIONS.md (#31).
 */
const N = 4096;
const OPTIONS: ScryptOptions = { N, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function derive(pin: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, 32, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export const isPinShape = (value: string) => /^\d{4}$/.test(value);

export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, OPTIONS);
  return `scrypt$${N}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPin(stored: string, pin: string): Promise<boolean> {
  const [kind, n, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !n || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(pin, Buffer.from(salt, 'base64'), { ...OPTIONS, N: Number.parseInt(n, 10) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * The PINs this process has found right, by a hash of the stored hash and the PIN: a session's
 * later steps (each carries the PIN again) skip the scrypt. A changed or reset PIN has a new stored
 * hash, so it is never matched by an old entry; only right PINs are kept, so wrong ones always
 * cost the full check and count.
 */
const rightPins = new Set<string>();
const RIGHT_PINS_KEPT = 20_000;

export async function verifyPinOnce(stored: string, pin: string): Promise<boolean> {
  const key = createHash('sha256').update(`${stored}\n${pin}`).digest('base64url');
  if (rightPins.has(key)) return true;
  const right = await verifyPin(stored, pin);
  if (right) {
    if (rightPins.size >= RIGHT_PINS_KEPT) rightPins.clear();
    rightPins.add(key);
  }
  return right;
}

/** A hash of no PIN: an unknown number spends the same time as a known one. */
let decoy: Promise<string> | undefined;
export const decoyPinHash = () => {
  decoy ??= hashPin('0000');
  return decoy;
};

/** A new PIN for the AMCOS to issue: random, and never an easy one (1111, 1234, 4321). */
export function newPin(): string {
  for (;;) {
    const pin = String(randomInt(0, 10_000)).padStart(4, '0');
    const digits = [...pin].map(Number);
    const same = digits.every((d) => d === digits[0]);
    const steps = digits.slice(1).map((d, i) => d - (digits[i] as number));
    const run = steps.every((s) => s === 1) || steps.every((s) => s === -1);
    if (!same && !run) return pin;
  }
}
