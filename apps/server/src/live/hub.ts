import { can, collectionDef, type ModuleKey } from '@tc/domain';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { scopeOf } from '../access/access.ts';
import { loadPrincipal, type Principal } from '../auth/principal.ts';
import type { Services } from '../protocol/act.ts';
import type { ChangeEvent } from '../store/collection.store.ts';

/** Modules whose view lets a client hear about a collection's changes (users covers people modules). */
function viewModules(col: string): ModuleKey[] {
  if (col === 'users') return ['users', 'passengers', 'parents'];
  const module = collectionDef(col)?.module;
  return module ? [module] : [];
}

export function mayHear(p: Principal, e: ChangeEvent): boolean {
  const scope = scopeOf(p);
  if (scope.unit !== undefined && e.unit !== null && e.unit !== scope.unit) return false;
  return viewModules(e.col).some((m) => can(p.access, m, 'view'));
}

/** The WebSocket at /socket: forwards committed changes to the clients allowed to see them. */
export async function registerLiveHub(app: FastifyInstance, services: Services): Promise<() => Promise<void>> {
  const clients = new Map<WebSocket, Principal>();
  app.get('/socket', { websocket: true }, (socket, req) => {
    const token = (req.query as { token?: string }).token;
    services.tokens
      .verify(token)
      .then((claims) => loadPrincipal(services.db, claims.userId, claims.sessionId))
      .then((p) => {
        clients.set(socket, p);
        socket.send(JSON.stringify({ type: 'hello', user: p.id }));
      })
      .catch(() => socket.close(4401, 'bad token'));
    socket.on('close', () => clients.delete(socket));
  });
  return services.store.onChange((e) => {
    const message = JSON.stringify({ type: 'change', ...e });
    for (const [socket, p] of clients) if (mayHear(p, e)) socket.send(message);
  });
}
