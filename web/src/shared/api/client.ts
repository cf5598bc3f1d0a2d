// The typed REST client: every call of the gateway, with the types generated from web/openapi.json
// (`npm run gen:api`). The bearer token is added here, so no call can forget it.
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';
import { readToken } from '../session/tokenStore';

export type Schemas = components['schemas'];

/** Adds `Authorization: Bearer <token>` to every call but the sign-in itself. */
const bearer: Middleware = {
  onRequest({ request, schemaPath }) {
    const token = readToken();
    if (token && schemaPath !== '/auth/login') request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
};

export const api = createClient<paths>({
  baseUrl: '/api',
  // Looked up at call time rather than captured, so that tests can replace fetch.
  fetch: (request) => globalThis.fetch(request),
});
api.use(bearer);

/** A GET of a JSON document outside the typed calls (the OpenAPI document itself), with the token. */
export async function fetchJson<T>(url: string): Promise<T> {
  const token = readToken();
  const response = await globalThis.fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}`, Accept: 'application/json' } : { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as T;
}
