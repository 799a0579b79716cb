import { type LivePosition, positionFrame } from '@tc/domain';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { mayHear, mayHearOwnDay, mayHearPosition } from '../access/access.ts';
import { loadPrincipal, type Principal } from '../auth/principal.ts';
import type { Services } from '../protocol/act.ts';
import { type ChangeEvent, SESSIONS_EVENT } from '../store/collection.store.ts';
import { POSITIONS_CHANNEL, type PositionEvent } from '../store/positions.store.ts';
import { PositionFanout } from './positions.ts';

/** Does this change alter what the caller may do (its user, its sessions, roles, sites)? */
function aboutCaller(e: ChangeEvent, p: Principal): boolean {
  return e.col === 'roles' || e.col === 'units' || ((e.col === 'users' || e.col === SESSIONS_EVENT) && e.id === p.id);
}

/** At most this many positions go in one `positions` frame (36 kB): the live map reads each in a short task. */
export const POSITIONS_PER_FRAME = 500;

/** The `positions` frames of a second's positions (binary, docs/protocol.md), POSITIONS_PER_FRAME at most each, in order. */
export function positionFrames(positions: readonly LivePosition[]): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < positions.length; i += POSITIONS_PER_FRAME) {
    const frame = positionFrame(positions.slice(i, i + POSITIONS_PER_FRAME));
    out.push(Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength));
  }
  return out;
}

/** How often every socket's session is checked even when no change comes (an ended session's lifetime). */
const SWEEP_MS = 30_000;

/**
 * The WebSocket at /socket: forwards committed changes to the clients allowed to see them. A
 * socket's caller is checked again before each change it would hear (through the principal cache,
 * which a change of users, roles or sessions empties at once) and every SWEEP_MS: after logout,
 * suspension, a password change or the end of its session, the socket is closed with 4401; after
 * the loss of a module, it no longer hears that module's changes.
 */
export async function registerLiveHub(app: FastifyInstance, services: Services): Promise<() => Promise<void>> {
  const clients = new Map<WebSocket, Principal>();
  const current = async (socket: WebSocket, p: Principal, reload = false): Promise<Principal | undefined> => {
    try {
      const load = () => loadPrincipal(services.db, p.id, p.sessionId);
      // the cache hears the same change on its own connection, maybe later: read the database itself
      const fresh = reload ? await load() : await services.principals.get(p.sessionId, load);
      clients.set(socket, fresh);
      return fresh;
    } catch {
      clients.delete(socket);
      socket.close(4401, 'invalid token');
      return undefined;
    }
  };
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
  // a user's own messages (a routing run's progress) go to that user's sockets only
  services.live.attach((userId, message) => {
    const text = JSON.stringify(message);
    for (const [socket, p] of clients) if (p.id === userId) socket.send(text);
  });
  // one change after another, so that a slow session check never reorders what a client hears
  let queue: Promise<void> = Promise.resolve();
  const forward = async (e: ChangeEvent) => {
    const { suppliers: _, drivers: __, ...change } = e;
    const message = JSON.stringify({ type: 'change', ...change });
    for (const [socket, known] of [...clients]) {
      if (e.col === SESSIONS_EVENT && known.id !== e.id) continue;
      const p = await current(socket, known, aboutCaller(e, known));
      if (p && e.col !== SESSIONS_EVENT && (mayHear(p, e) || mayHearOwnDay(p, e))) socket.send(message);
    }
  };
  const stopFeed = await services.store.onChange((e) => {
    queue = queue.then(() => forward(e)).catch(() => undefined);
  });
  // drivers' positions: at most one per driver a second, each console only those it may hear
  const fanout = new PositionFanout((due) => {
    for (const [socket, p] of clients) {
      const data = due.filter((e) => mayHearPosition(p, e)).map(({ suppliers: _, ...pos }) => pos);
      for (const frame of positionFrames(data)) socket.send(frame);
    }
  });
  const stopPositions = await services.db.listen(POSITIONS_CHANNEL, (payload) => {
    try {
      fanout.add(JSON.parse(payload) as PositionEvent);
    } catch {
      // not a position: nothing to forward
    }
  });
  const sweep = setInterval(() => {
    queue = queue
      .then(async () => {
        for (const [socket, p] of [...clients]) await current(socket, p);
      })
      .catch(() => undefined);
  }, SWEEP_MS);
  sweep.unref();
  return async () => {
    clearInterval(sweep);
    fanout.stop();
    await stopPositions();
    await stopFeed();
    await queue;
  };
}
