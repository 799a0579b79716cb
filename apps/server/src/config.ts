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
  tokenSecret: string | undefined;
  tokenTtlSeconds: number;
  webDist: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    demo: env.DATABASE_URL ? env.DEMO === '1' : env.DEMO !== '0',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Transport Console <no-reply@localhost>',
    publicUrl: env.PUBLIC_URL || undefined,
    tokenSecret: env.TOKEN_SECRET || undefined,
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 300),
    webDist: env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname,
  };
}
