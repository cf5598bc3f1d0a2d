import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../../test/fakeServer';
import { api } from './client';
import { ApiError, onUnauthorized, request } from './request';
import { notifyError } from '../feedback/feedback';

vi.mock('../feedback/feedback', () => ({ notifyError: vi.fn(), notifyWarning: vi.fn(), notifySuccess: vi.fn() }));

describe('request (the shared API helper)', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(notifyError).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('returns the answer of a call whose status is ok, sending the bearer token', async () => {
    localStorage.setItem('authorization_token', 'tok-1');
    const server = fakeServer({
      'GET /api/env/get_env': () => json({ status: 'ok', data: { runningEnv: 'central' } }),
    });
    const answer = await request(api.GET('/env/get_env'));
    expect(answer.data.runningEnv).toBe('central');
    expect(server.calls[0].authorization).toBe('Bearer tok-1');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it("shows the server's message for a failed call and throws it with the field messages", async () => {
    const fields = { login_name: "L'identifiant doit contenir au moins 4 caractères" };
    fakeServer({
      'POST /api/user/post_user': () =>
        json({ status: 'error', message: "L'identifiant doit contenir au moins 4 caractères", fields }, 400),
    });
    const call = request(
      api.POST('/user/post_user', { body: { login_name: 'ab', login_password: 'secret', login_role: 'agent' } }),
    );
    await expect(call).rejects.toMatchObject({
      status: 400,
      fields,
      message: "L'identifiant doit contenir au moins 4 caractères",
    });
    expect(notifyError).toHaveBeenCalledWith("L'identifiant doit contenir au moins 4 caractères");
  });

  it('treats an HTTP 200 whose status is not ok as a failure', async () => {
    fakeServer({ 'GET /api/env/get_env': () => json({ status: 'error', message: 'Service indisponible' }) });
    await expect(request(api.GET('/env/get_env'))).rejects.toBeInstanceOf(ApiError);
    expect(notifyError).toHaveBeenCalledWith('Service indisponible');
  });

  it("gives the notice the call's trace reference, which the gateway answers", async () => {
    const server = fakeServer({
      'GET /api/env/get_env': () =>
        new Response(JSON.stringify({ status: 'error', message: 'Service indisponible' }), {
          status: 503,
          headers: { 'Content-Type': 'application/json', 'X-Trace-Id': '4bf92f3577b34da6a3ce929d0e0e4736' },
        }),
    });
    await expect(request(api.GET('/env/get_env'))).rejects.toMatchObject({ status: 503 });
    expect(notifyError).toHaveBeenCalledWith('Service indisponible', '4bf92f3577b34da6a3ce929d0e0e4736');
    expect(server.calls).toHaveLength(1);
  });

  it('signs out on a 401', async () => {
    const unauthorized = vi.fn();
    onUnauthorized(unauthorized);
    fakeServer({ 'GET /api/user/user_list': () => json({ status: 'error', message: 'Session expirée' }, 401) });
    await expect(request(api.GET('/user/user_list'))).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toHaveBeenCalledOnce();
    expect(notifyError).toHaveBeenCalledWith('Session expirée');
  });

  it('reports a network failure in French, with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(request(api.GET('/env/get_env'))).rejects.toMatchObject({ status: 0 });
    expect(notifyError).toHaveBeenCalledWith('Le serveur ne répond pas : vérifiez la connexion réseau.');
  });

  it('stays quiet when the caller handles the outcome', async () => {
    const unauthorized = vi.fn();
    onUnauthorized(unauthorized);
    fakeServer({ 'GET /api/auth/me': () => json({ status: 'error', message: 'Jeton invalide' }, 401) });
    await expect(request(api.GET('/auth/me'), { quiet: true })).rejects.toMatchObject({ status: 401 });
    expect(notifyError).not.toHaveBeenCalled();
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('hands over the file a call answers, and shows the message of a refused one', async () => {
    fakeServer({
      'POST /api/delivery/post.printing_delivery_list_by_id': async (call) => {
        const body = (await call.json()) as { delivery_ids: number[] };
        return body.delivery_ids.length > 0
          ? new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } })
          : json({ status: 'error', message: 'Choisissez au moins une livraison.' }, 400);
      },
    });
    const print = (ids: number[]) =>
      request(
        api.POST('/delivery/post.printing_delivery_list_by_id', { body: { delivery_ids: ids }, parseAs: 'blob' }),
        { file: true },
      );
    const pdf = await print([3]);
    expect(await pdf.text()).toBe('%PDF-1.7');
    await expect(print([])).rejects.toMatchObject({ status: 400, message: 'Choisissez au moins une livraison.' });
    expect(notifyError).toHaveBeenCalledWith('Choisissez au moins une livraison.');
  });
});
