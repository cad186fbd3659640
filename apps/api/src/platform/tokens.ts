import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const PENDING_TOKEN_SECONDS = 15 * 60;
export const CODE_SECONDS = 5 * 60;
export const SESSION_DAYS = 14;

/**
 * The token of an `Authorization: Bearer <token>` header. The scheme name is case-insensitive
 * (RFC 7235 §2.1), so `bearer` and `BEARER` are as good as `Bearer`.
 */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^bearer +(\S+) *$/i);
  return match?.[1];
}

export type AccessClaims = { sub: string; sid: string; typ: 'access' };
export type PendingClaims = { sub: string; typ: 'otp' };

export class TokenService {
  private readonly key: Uint8Array;
  constructor(private readonly secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  signAccess(userId: string, sessionId: string): Promise<string> {
    return this.sign({ sid: sessionId, typ: 'access' }, userId, ACCESS_TOKEN_SECONDS);
  }

  /** The token login answers with: good only for verify-otp and resend-otp. */
  signPending(userId: string): Promise<string> {
    return this.sign({ typ: 'otp' }, userId, PENDING_TOKEN_SECONDS);
  }

  /**
   * Access tokens already verified, until they expire: checking the HMAC of the same string again
   * gives the same answer, and it costs more than the rest of a small request (web crypto).
   * Whether the session and user are still good is checked apart, on every request.
   */
  private readonly verified = new Map<string, AccessClaims & { expiresAt: number }>();

  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known && known.expiresAt > Date.now()) return { sub: known.sub, sid: known.sid, typ: 'access' };
    if (known) this.verified.delete(token);
    const claims = await this.verify(token);
    if (claims?.typ !== 'access' || typeof claims.sid !== 'string') return null;
    if (typeof claims.exp === 'number') {
      if (this.verified.size >= 10_000) this.verified.clear();
      this.verified.set(token, {
        sub: claims.sub,
        sid: claims.sid,
        typ: 'access',
        expiresAt: claims.exp * 1000,
      });
    }
    return { sub: claims.sub, sid: claims.sid, typ: 'access' };
  }

  async verifyPending(token: string): Promise<PendingClaims | null> {
    const claims = await this.verify(token);
    return claims?.typ === 'otp' ? { sub: claims.sub, typ: 'otp' } : null;
  }

  /** Keyed hash for one-time codes and refresh tokens: a database leak reveals neither. */
  digest(value: string): string {
    return createHmac('sha256', this.secret).update(value).digest('base64url');
  }

  digestMatches(value: string, expected: string): boolean {
    const a = Buffer.from(this.digest(value));
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  private sign(claims: Record<string, string>, subject: string, seconds: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime(`${seconds}s`)
      .sign(this.key);
  }

  private async verify(
    token: string,
  ): Promise<{ sub: string; typ?: unknown; sid?: unknown; exp?: number | undefined } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      return typeof payload.sub === 'string' ? { ...payload, sub: payload.sub } : null;
    } catch {
      return null;
    }
  }
}

export const randomToken = () => randomBytes(32).toString('base64url');
export const randomCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A readable random password for new users: letters, digits and a symbol, 12 characters. */
export function randomPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const body = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${body}#${randomInt(10)}`;
}
