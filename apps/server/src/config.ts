/** Everything the server reads from the environment, in one place (documented in the README). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Load the demo operator into an empty database (always on for embedded PGlite). */
  demo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Public address of the console, used in mailed links; else the address the request came to. */
  publicUrl: string | undefined;
  /** Host names (besides this machine's) whose requests may set the base of mailed links when PUBLIC_URL is not set. */
  allowedHosts: string[];
  /** Proxy hops in front of the server whose X-Forwarded-For entry is trusted (0: none). */
  trustProxy: number;
  /** A session ends this many hours after its login, however often it is refreshed. */
  sessionMaxHours: number;
  /** Longest a statement of a request may run on PostgreSQL (PGlite cannot interrupt one). */
  statementTimeoutMs: number;
  /** TOKEN_SECRET: token signing secrets, current first (older ones still verify); empty: the key file's. */
  tokenSecrets: string[];
  /** CARD_KEY: card fingerprint keys, current first; empty: the key file's. */
  cardKeys: string[];
  /** KEYS_FILE: the keys not given by the environment, kept apart from the data (made at first start). */
  keysFile: string;
  tokenTtlSeconds: number;
  webDist: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = env.DATA_DIR ?? './data';
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    demo: env.DATABASE_URL ? env.DEMO === '1' : env.DEMO !== '0',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Transport Console <no-reply@localhost>',
    publicUrl: env.PUBLIC_URL || undefined,
    allowedHosts: (env.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    trustProxy: proxyHops(env.TRUST_PROXY),
    sessionMaxHours: positive(env.SESSION_MAX_HOURS, 12),
    statementTimeoutMs: positive(env.STATEMENT_TIMEOUT_MS, 15_000),
    tokenSecrets: list(env.TOKEN_SECRET),
    cardKeys: list(env.CARD_KEY),
    keysFile: env.KEYS_FILE || `${dataDir.replace(/\/+$/, '')}.keys.json`,
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 300),
    webDist: env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname,
  };
}

function list(v: string | undefined): string[] {
  return (v ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
}

function positive(v: string | undefined, fallback: number): number {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

/** TRUST_PROXY=1 (or a number of hops): only that many proxies' X-Forwarded-For entries are believed. */
function proxyHops(v: string | undefined): number {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 && n < 10 ? n : 0;
}
