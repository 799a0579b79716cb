import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { FareContextCache } from './acts/fares/fare-context.cache.ts';
import { PrincipalCache } from './auth/principal.cache.ts';
import { TokenService } from './auth/token.ts';
import type { Config } from './config.ts';
import { registerLiveHub } from './live/hub.ts';
import { createMailer } from './mail/mailer.ts';
import type { Services } from './protocol/act.ts';
import { dispatch } from './protocol/dispatch.ts';
import { HttpError } from './protocol/errors.ts';
import { serialize } from './protocol/serialize.ts';
import { CollectionStore } from './store/collection.store.ts';
import type { Database } from './store/db.ts';

export const BODY_LIMIT = 1024 * 1024;

/** PostgreSQL errors that mean the input was wrong, not the server. */
const PG_BAD_INPUT: Record<string, string> = {
  '2201B': 'Invalid search pattern',
  '22P02': 'Invalid value',
  '22007': 'Invalid date',
  '22008': 'Invalid date',
  '22003': 'Number out of range',
};

function toHttp(err: unknown): { status: number; body: Record<string, unknown> } {
  if (err instanceof HttpError) return { status: err.status, body: { error: err.message, ...err.extra } };
  const code = (err as { code?: string }).code ?? '';
  if (code in PG_BAD_INPUT) return { status: 400, body: { error: PG_BAD_INPUT[code] } };
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 400, body: { error: 'The request is too large' } };
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { status: 400, body: { error: 'Send JSON' } };
  const status = (err as FastifyError).statusCode;
  if (status === 400 || err instanceof SyntaxError) return { status: 400, body: { error: 'Invalid JSON body' } };
  return { status: 500, body: { error: 'Something went wrong' } };
}

export interface AppOptions {
  db: Database;
  config: Config;
  logger?: boolean;
}

/** The whole server: protocol at POST /, WebSocket at /socket, the console under /admin. */
export async function buildApp(opts: AppOptions): Promise<{ app: FastifyInstance; services: Services }> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: process.env.TRUST_PROXY === '1',
  });
  const store = new CollectionStore(opts.db);
  const services: Services = {
    db: opts.db,
    store,
    tokens: await TokenService.create(opts.db, opts.config.tokenSecret, opts.config.tokenTtlSeconds),
    mailer: createMailer(store, opts.config.smtpUrl, opts.config.mailFrom),
    config: opts.config,
    fareContexts: new FareContextCache(store),
    principals: new PrincipalCache(),
  };
  await services.fareContexts.start();
  await services.principals.start(store);

  app.setErrorHandler((err, req, reply) => {
    const { status, body } = toHttp(err);
    if (status === 500) req.log.error(err);
    void reply.status(status).send(body);
  });

  app.post('/', async (req, reply) => {
    const origin = `${req.protocol}://${req.headers.host ?? 'localhost'}`;
    const result = await dispatch(services, req.body, { ip: req.ip, origin });
    return reply.type('application/json; charset=utf-8').send(serialize(result));
  });

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
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && req.url.startsWith('/admin/') && hasWeb) return reply.sendFile('index.html');
    if (req.method === 'GET' && req.url.startsWith('/admin/')) {
      return reply.status(503).type('text/plain').send('The console is not built yet: run npm run build.');
    }
    return reply.status(404).send({ error: 'Not found' });
  });
  return { app, services };
}
