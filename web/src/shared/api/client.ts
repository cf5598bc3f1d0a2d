// The typed REST client: every call of the gateway, with the types generated from web/openapi.json
// (`npm run gen:api`). The bearer token is added here, so no call can forget it.
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';
import { readToken } from '../session/tokenStore';
import { newTraceparent } from './trace';

export type Schemas = components['schemas'];

/** Adds `Authorization: Bearer <token>` to every call but the sign-in itself. */
const bearer: Middleware = {
  onRequest({ request, schemaPath }) {
    const token = readToken();
    if (token && schemaPath !== '/auth/login') request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
};

/** The header by which the screens say a call is theirs: the history records each change's source. */
const SOURCE_HEADER = 'X-Sesame-Source';

/** Starts each call's trace (see trace.ts), and says it comes from a screen. */
const traced: Middleware = {
  onRequest({ request }) {
    request.headers.set('traceparent', newTraceparent());
    request.headers.set(SOURCE_HEADER, 'screen');
    return request;
  },
};

export const api = createClient<paths>({
  baseUrl: '/api',
  // Looked up at call time rather than captured, so that tests can replace fetch.
  fetch: (request) => globalThis.fetch(request),
});
api.use(bearer, traced);

/** The headers of a call made outside the typed client, with the token when there is one and the start
 * of its trace. */
export function authorizedHeaders(headers: Record<string, string> = {}): Record<string, string> {
  const token = readToken();
  const withTrace = { ...headers, traceparent: newTraceparent(), [SOURCE_HEADER]: 'screen' };
  return token ? { ...withTrace, Authorization: `Bearer ${token}` } : withTrace;
}

/** A GET of a JSON document outside the typed calls (the OpenAPI document itself), with the token. */
export async function fetchJson<T>(url: string): Promise<T> {
  const response = await globalThis.fetch(url, { headers: authorizedHeaders({ Accept: 'application/json' }) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** A GET of a file (a member's photo) with the token, which an <img src> could not send. */
export async function fetchBlob(url: string): Promise<Blob> {
  const response = await globalThis.fetch(url, { headers: authorizedHeaders() });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}
