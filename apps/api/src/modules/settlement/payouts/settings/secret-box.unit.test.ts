import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, SecretKeyMissingError, SecretUnreadableError, sealSecret } from './secret-box.ts';

const keys = { current: randomBytes(32), previous: undefined };

/** Flips one bit of one base64url part of a sealed value. */
function tamper(sealed: string, part: 1 | 2 | 3): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[part] ?? '', 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('the payout settings secret box (AES-256-GCM)', () => {
  it('opens what it sealed; the same secret sealed twice differs (a random IV each time)', () => {
    const a = sealSecret(keys, 'azampay.clientSecret', 'S3cr3t-äß');
    const b = sealSecret(keys, 'azampay.clientSecret', 'S3cr3t-äß');
    expect(a).not.toBe(b);
    expect(a).not.toContain('S3cr3t');
    expect(a.split('.')).toHaveLength(4);
    expect(Buffer.from(a.split('.')[1] ?? '', 'base64url')).toHaveLength(12);
    expect(Buffer.from(a.split('.')[2] ?? '', 'base64url')).toHaveLength(16);
    expect(openSecret(keys, 'azampay.clientSecret', a)).toBe('S3cr3t-äß');
  });

  it('refuses a value whose IV, tag or ciphertext was altered, or whose tag was cut short', () => {
    const sealed = sealSecret(keys, 'k.f', 'secret value');
    for (const part of [1, 2, 3] as const)
      expect(() => openSecret(keys, 'k.f', tamper(sealed, part))).toThrow(SecretUnreadableError);
    const parts = sealed.split('.');
    parts[2] = Buffer.from(parts[2] ?? '', 'base64url')
      .subarray(0, 4)
      .toString('base64url');
    expect(() => openSecret(keys, 'k.f', parts.join('.'))).toThrow(SecretUnreadableError);
  });

  it('refuses a value moved to another field or provider, or opened under another key', () => {
    const sealed = sealSecret(keys, 'mpesa.apiKey', 'secret value');
    expect(() => openSecret(keys, 'mpesa.publicKey', sealed)).toThrow(SecretUnreadableError);
    expect(() =>
      openSecret({ current: randomBytes(32), previous: undefined }, 'mpesa.apiKey', sealed),
    ).toThrow(SecretUnreadableError);
  });

  it('opens a value sealed under the previous key during a rotation', () => {
    const sealed = sealSecret(keys, 'k.f', 'old secret');
    const rotated = { current: randomBytes(32), previous: keys.current };
    expect(openSecret(rotated, 'k.f', sealed)).toBe('old secret');
  });

  it('says the key is missing rather than sealing without one', () => {
    const none = { current: undefined, previous: undefined };
    expect(() => sealSecret(none, 'k.f', 'x')).toThrow(SecretKeyMissingError);
    expect(() => sealSecret(none, 'k.f', 'x')).toThrow(/PAYOUT_SETTINGS_KEY is not set/);
    expect(() => openSecret(none, 'k.f', sealSecret(keys, 'k.f', 'x'))).toThrow(SecretKeyMissingError);
  });
});
