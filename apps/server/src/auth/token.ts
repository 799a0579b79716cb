import { createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { BAD_TOKEN, INVALID_TOKEN, Unauthorized } from '../protocol/errors.ts';
import type { Queryable } from '../store/db.ts';

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

/** Short-lived signed tokens; the session row behind them is what logout revokes. */
export class TokenService {
  private constructor(
    private readonly key: KeyObject,
    private readonly ttlSeconds: number,
  ) {}

  /** The secret comes from the environment, else from the database so every instance shares it. */
  static async create(db: Queryable, secret: string | undefined, ttlSeconds: number): Promise<TokenService> {
    let value = secret;
    if (!value) {
      await db.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
        'token_secret',
        randomBytes(32).toString('base64url'),
      ]);
      const r = await db.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', ['token_secret']);
      value = r.rows[0]?.value as string;
    }
    // A KeyObject lets jose sign with node:crypto directly instead of importing a WebCrypto key per call.
    return new TokenService(createSecretKey(Buffer.from(value, 'utf8')), ttlSeconds);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
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
      // a token without an expiry would never end: refused like a forged one
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
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
}
