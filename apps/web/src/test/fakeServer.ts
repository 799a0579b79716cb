import { fakeFetch } from './setup.ts';

type Handler = (body: Record<string, unknown>) => unknown;

/** Answers calls by act (and by `col` for finds); records the bodies it saw. */
export function fakeServer(handlers: Record<string, Handler>): { bodies: Record<string, unknown>[] } {
  const bodies: Record<string, unknown>[] = [];
  fakeFetch.mockImplementation(async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    bodies.push(body);
    const handler = handlers[`${body.act}:${body.col ?? ''}`] ?? handlers[String(body.act)];
    if (!handler) return Response.json({ data: [] });
    const answer = handler(body);
    return answer instanceof Response ? answer : Response.json(answer);
  });
  return { bodies };
}
