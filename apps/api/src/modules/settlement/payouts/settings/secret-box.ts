import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** The keys a secret may be sealed or opened with: the current one, and during a rotation the one before. */
export type SecretKeys = { current: Buffer | undefined; previous: Buffer | undefined };

export class SecretKeyMissingError extends Error {
  constructor() {
    super(
      'PAYOUT_SETTINGS_KEY is not set: the payout providers’ secrets cannot be saved or read (set it to 64 hex digits, e.g. `openssl rand -hex 32`, and restart)',
    );
  }
}

/** A sealed value that no key opens: tampered with, or sealed under a key this server does not have. */
export class SecretUnreadableError extends Error {}

const VERSION = 'v1';

/**
 * Seals one secret with AES-256-GCM: a random 12-byte IV per value, the 16-byte tag kept beside
 * the ciphertext, and `context` (the provider kind and field) bound in as associated data, so a
 * sealed value moved to another field or provider does not open.
 */
export function sealSecret(keys: SecretKeys, context: string, plain: string): string {
  if (!keys.current) throw new SecretKeyMissingError();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.current, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
  return [VERSION, ...parts].join('.');
}

/** Opens a sealed secret with the current key, else the previous one; refuses one that was altered. */
export function openSecret(keys: SecretKeys, context: string, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined)
    throw new SecretUnreadableError('The stored secret is not in a known form');
  const candidates = [keys.current, keys.previous].filter((k): k is Buffer => k !== undefined);
  if (!candidates.length) throw new SecretKeyMissingError();
  for (const key of candidates) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: 16,
      });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      // Not this key (or altered): try the next.
    }
  }
  throw new SecretUnreadableError(
    'A stored payout provider secret could not be opened: it was altered, or sealed under another PAYOUT_SETTINGS_KEY',
  );
}
