// A stand-in for the gateway in unit tests: `fetch` answers from a table of handlers, and every
// request is recorded with its bearer token.
import { vi } from 'vitest';

export type Handler = (request: Request) => Response | Promise<Response>;

export interface Recorded {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function fakeServer(routes: Record<string, Handler>) {
  const calls: Recorded[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    const text = await request.clone().text();
    calls.push({
      method: request.method,
      path: url.pathname,
      authorization: request.headers.get('Authorization'),
      body: text ? JSON.parse(text) : undefined,
    });
    const handler = routes[key];
    if (!handler) return json({ status: 'error', message: `Appel inconnu : ${key}` }, 404);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, fetch, routes };
}
