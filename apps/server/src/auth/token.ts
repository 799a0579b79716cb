import { createSecretKey, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { BAD_TOKEN, INVALID_TOKEN, Unauthorized } from '../protocol/errors.ts';

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

/** Short-lived signed tokens; the session row behind them is what logout revokes. */
export class TokenService {
  /** Signs with the first key; verifies with any (the others are older keys of a rotation). */
  private readonly keys: KeyObject[];

  /** `secrets`: current first (auth/keys.ts). */
  constructor(
    secrets: readonly string[],
    private readonly ttlSeconds: number,
  ) {
    if (secrets.length === 0) throw new Error('no token secret');
    // A KeyObject lets jose sign with node:crypto directly instead of importing a WebCrypto key per call.
    this.keys = secrets.map((s) => createSecretKey(Buffer.from(s, 'utf8')));
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.keys[0] as KeyObject);
  }

  /** Tokens already verified, until they expire: a client sends the same token for a minute. */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();

  /** Missing or malformed: "bad token"; expired: "invalid token". */
  async verify(token: unknown): Promise<TokenClaims> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 2000) throw new Unauthorized(BAD_TOKEN);
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known.claims;
      this.verified.delete(token);
      throw new Unauthorized(INVALID_TOKEN);
    }
    try {
      const { payload } = await this.verifyWithAnyKey(token);
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') throw new Unauthorized(BAD_TOKEN);
      const claims = { userId, sessionId: payload.sid };
      if (this.verified.size >= 10_000) this.verified.clear();
      this.verified.set(token, { claims, expiresAt: (payload.exp ?? 0) * 1000 });
      return claims;
    } catch (err) {
      if (err instanceof Unauthorized) throw err;
      if (err instanceof errors.JWTExpired) throw new Unauthorized(INVALID_TOKEN);
      throw new Unauthorized(BAD_TOKEN);
    }
  }

  private async verifyWithAnyKey(token: string) {
    for (const [i, key] of this.keys.entries()) {
      try {
        // a token without an expiry would never end: refused like a forged one
        return await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
      } catch (err) {
        if (!(err instanceof errors.JWSSignatureVerificationFailed) || i === this.keys.length - 1) throw err;
      }
    }
    throw new Unauthorized(BAD_TOKEN);
  }
}
