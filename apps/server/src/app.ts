import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import { ERROR_TEXTS, type ErrorCode } from '@tc/domain';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { loadKeys } from './auth/keys.ts';
import { PrincipalCache } from './auth/principal.cache.ts';
import { TokenService } from './auth/token.ts';
import type { Config } from './config.ts';
import { registerLiveHub } from './live/hub.ts';
import { UserChannel } from './live/userChannel.ts';
import { mailLinkBase } from './mail/links.ts';
import { createMailer } from './mail/mailer.ts';
import { type PaymentProvider, TestPaymentProvider } from './payments/provider.ts';
import type { Services } from './protocol/act.ts';
import { dispatch } from './protocol/dispatch.ts';
import { HttpError, storeErrorAnswer } from './protocol/errors.ts';
import { RowBudget } from './protocol/row.budget.ts';
import { serialize } from './protocol/serialize.ts';
import { AddOnCache } from './store/addOns.cache.ts';
import { CollectionStore } from './store/collection.store.ts';
import type { Database } from './store/db.ts';
import { StoreError } from './store/errors.ts';
import { FareContextCache } from './store/fare-context.cache.ts';
import { PositionWriter } from './store/positions.store.ts';
import { requestSignal } from './store/request.context.ts';

export const BODY_LIMIT = 1024 * 1024;

/** PostgreSQL errors that mean the input was wrong, not the server. */
const PG_BAD_INPUT: Record<string, string> = {
  '2201B': 'Invalid search pattern',
  '22P02': 'Invalid value',
  '22007': 'Invalid date',
  '22008': 'Invalid date',
  '22003': 'Number out of range',
  '22021': 'Text may not contain a NUL character',
  '22P05': 'Text may not contain a NUL character',
  '54000': 'The request is too large',
  '54001': 'The request is too large',
};

/** A statement stopped by its time limit (or because its client left). */
const QUERY_CANCELED = '57014';

function toHttp(err: unknown): { status: number; body: Record<string, unknown> } {
  if (err instanceof HttpError)
    return { status: err.status, body: { error: err.message, code: err.code, ...err.extra } };
  if (err instanceof StoreError) return storeErrorAnswer(err);
  const answer = (status: number, code: ErrorCode, error: string = ERROR_TEXTS[code as keyof typeof ERROR_TEXTS]) => ({
    status,
    body: { error, code },
  });
  const pgCode = (err as { code?: string }).code ?? '';
  if (Object.hasOwn(PG_BAD_INPUT, pgCode)) return answer(400, 'invalidValue', PG_BAD_INPUT[pgCode] as string);
  // class 22 is PostgreSQL's "data exception": a value it cannot take, never the server's fault
  if (/^22[0-9A-Z]{3}$/.test(pgCode)) return answer(400, 'invalidValue', 'Invalid value');
  if (pgCode === QUERY_CANCELED) return answer(503, 'tooLong');
  if (pgCode === 'FST_ERR_CTP_BODY_TOO_LARGE') return answer(400, 'tooLarge');
  if (pgCode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return answer(400, 'badRequest', 'Send JSON');
  const status = (err as FastifyError).statusCode;
  if (status === 400 || err instanceof SyntaxError) return answer(400, 'badRequest', 'Invalid JSON body');
  // other refusals of the framework (a path the static files will not serve, a slow request)
  if (status !== undefined && status > 400 && status < 500) {
    return status === 404 ? answer(404, 'notFound') : answer(status, 'badRequest', 'The request was refused');
  }
  return answer(500, 'serverError');
}

export interface AppOptions {
  db: Database;
  config: Config;
  /** Log level ('info' logs every request; server errors are logged at 'error', the default). */
  logLevel?: 'info' | 'error' | 'silent';
  /** Where log lines go (standard output by default). */
  logStream?: { write(line: string): void };
  /** Where card payments go (the built-in test provider by default: payments/provider.ts). */
  payments?: PaymentProvider;
}

/** A URL as logs may show it: the socket's `token` (and any other token parameter) left out. */
function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|resetToken)=)[^&#]*/gi, '$1[hidden]');
}

/**
 * The Content-Security-Policy the console runs under, and the other security headers (helmet).
 * Scripts only from the console itself; styles also inline (Mantine and Leaflet set style
 * attributes); images also from any https host (the "map tiles" setting names the operator's tile
 * server); connections only to the console (its protocol and /socket; the route server is called
 * by the server, not the browser). HSTS and the upgrade of insecure requests only behind a TLS
 * proxy (`TRUST_PROXY`): a console served over plain http on a LAN keeps working.
 */
export function securityHeaders(config: Config) {
  const tls = config.trustProxy > 0;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(tls ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: tls ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    // tiles from another origin are images the console embeds
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' as const },
    referrerPolicy: { policy: 'no-referrer' as const },
  };
}

/** The whole server: protocol at POST /, WebSocket at /socket, the console under /admin. */
export async function buildApp(opts: AppOptions): Promise<{ app: FastifyInstance; services: Services }> {
  const app = Fastify({
    logger: {
      level: opts.logLevel ?? 'error',
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
    },
    bodyLimit: BODY_LIMIT,
    // only the hops of our own proxies: an X-Forwarded-For entry a client wrote itself is not believed
    trustProxy: (_address: string, hop: number) => hop < opts.config.trustProxy,
    // a client that sends its request slowly does not hold a connection for ever
    requestTimeout: 30_000,
  });
  const store = new CollectionStore(opts.db);
  const keys = await loadKeys(opts.db, opts.config);
  const services: Services = {
    db: opts.db,
    store,
    keys,
    tokens: new TokenService(keys.tokenSecrets, opts.config.tokenTtlSeconds),
    mailer: createMailer(store, opts.config.smtpUrl, opts.config.mailFrom),
    config: opts.config,
    fareContexts: new FareContextCache(store),
    principals: new PrincipalCache(),
    rowBudget: new RowBudget(),
    payments: opts.payments ?? new TestPaymentProvider(),
    live: new UserChannel(),
    positions: new PositionWriter(opts.db),
    addOns: new AddOnCache(opts.db),
  };
  await services.fareContexts.start();
  await services.principals.start(store);

  // requests whose client left before the answer: what they stopped is no server error
  const abandoned = new WeakSet<object>();
  app.setErrorHandler((err, req, reply) => {
    const { status, body } = toHttp(err);
    if (abandoned.has(req)) {
      req.log.info('client left before its answer');
    } else if (status >= 500) {
      const e = err as { message?: string; code?: string; stack?: string };
      req.log.error({ err: { message: e.message, code: e.code, stack: e.stack } }, 'server error');
    }
    void reply.status(status).send(body);
  });

  app.post('/', async (req, reply) => {
    const origin = mailLinkBase(opts.config, req.protocol, req.headers.host);
    // a client that leaves before its answer cancels the statement it started
    const abort = new AbortController();
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) return;
      abandoned.add(req);
      abort.abort();
    });
    const result = await requestSignal.run(abort.signal, () =>
      dispatch(services, req.body, {
        ip: req.ip,
        origin,
        logError: (err, what) => req.log.error({ err }, what),
      }),
    );
    const type = 'application/json; charset=utf-8';
    return reply.type(type).send(result instanceof Readable ? result : serialize(result));
  });

  // security headers on every answer (docs/security.md): no inline script, no framing, no sniffing
  await app.register(fastifyHelmet, securityHeaders(opts.config));
  await app.register(fastifyWebsocket);
  const stopHub = await registerLiveHub(app, services);
  app.addHook('onClose', async () => {
    await stopHub();
    await services.fareContexts.close();
    await services.principals.close();
  });

  const dist = opts.config.webDist;
  const hasWeb = existsSync(join(dist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: dist, prefix: '/admin/' });
  app.get('/', (_req, reply) => reply.redirect('/admin/'));
  app.get('/admin', (_req, reply) => reply.redirect('/admin/'));
  // the driver app lives in the same build (docs/live.md)
  app.get('/driver', (_req, reply) => reply.redirect('/admin/driver'));
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && req.url.startsWith('/admin/') && hasWeb) return reply.sendFile('index.html');
    if (req.method === 'GET' && req.url.startsWith('/admin/')) {
      return reply.status(503).type('text/plain').send('The console is not built yet: run npm run build.');
    }
    return reply.status(404).send({ error: ERROR_TEXTS.notFound, code: 'notFound' });
  });
  return { app, services };
}
