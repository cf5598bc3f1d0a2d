import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../../test/fakeServer';
import { notifyWarning } from '../feedback/feedback';
import { autoLogin, configureSession, getSession, refreshToken, signIn, signOut } from './session';
import { clearToken, readToken, saveToken } from './tokenStore';

vi.mock('../feedback/feedback', () => ({ notifyError: vi.fn(), notifyWarning: vi.fn(), notifySuccess: vi.fn() }));

const admin = { login_id: 1, login_name: 'admin', login_role: 'admin' };
const THREE_MINUTES = 3 * 60 * 1000;

describe('token store', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the token in localStorage under authorization_token', () => {
    saveToken('abc');
    expect(localStorage.getItem('authorization_token')).toBe('abc');
    expect(readToken()).toBe('abc');
    clearToken();
    expect(localStorage.getItem('authorization_token')).toBeNull();
    expect(readToken()).toBeNull();
  });
});

describe('session', () => {
  const onSignedOut = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    configureSession({ onSignedOut: () => {} });
    signOut();
    localStorage.clear();
    onSignedOut.mockClear();
    vi.mocked(notifyWarning).mockClear();
    configureSession({ onSignedOut });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('signs in: marks the user signed in, stores the token, renews it every 3 minutes', async () => {
    let issued = 0;
    const server = fakeServer({
      'POST /api/auth/login': () => json({ status: 'ok', token: 'tok-0', user: admin }),
      'POST /api/auth/refresh': () => json({ status: 'ok', token: `tok-${++issued}` }),
    });

    const result = await signIn('admin', 'secret');
    expect(result).toEqual({ ok: true, user: admin });
    expect(getSession()).toEqual({ signedIn: true, user: admin });
    expect(localStorage.getItem('authorization_token')).toBe('tok-0');
    expect(server.calls[0]).toMatchObject({
      path: '/api/auth/login',
      body: { login: 'admin', password: 'secret' },
      authorization: null,
    });

    await vi.advanceTimersByTimeAsync(THREE_MINUTES - 1000);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls[1]).toMatchObject({ path: '/api/auth/refresh', authorization: 'Bearer tok-0' });
    expect(localStorage.getItem('authorization_token')).toBe('tok-1');

    await vi.advanceTimersByTimeAsync(THREE_MINUTES);
    expect(server.calls[2]).toMatchObject({ path: '/api/auth/refresh', authorization: 'Bearer tok-1' });
    expect(localStorage.getItem('authorization_token')).toBe('tok-2');
  });

  it('refuses wrong credentials with the French message', async () => {
    fakeServer({
      'POST /api/auth/login': () => json({ status: 'error', message: 'Identifiant ou mot de passe incorrect' }, 401),
    });
    expect(await signIn('admin', 'wrong')).toEqual({ ok: false, message: 'Identifiant ou mot de passe incorrect' });
    expect(getSession().signedIn).toBe(false);
    expect(readToken()).toBeNull();
  });

  it("shows the server's message when sign-in is held off (429)", async () => {
    fakeServer({
      'POST /api/auth/login': () =>
        json({ status: 'error', message: 'Trop de tentatives : réessayez dans 30 secondes' }, 429),
    });
    expect(await signIn('admin', 'wrong')).toEqual({
      ok: false,
      message: 'Trop de tentatives : réessayez dans 30 secondes',
    });
  });

  it('reports a sign-in exception with its text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await signIn('admin', 'secret')).toEqual({
      ok: false,
      message: "Erreur lors de l'authentification : Failed to fetch",
    });
  });

  it('ends the session when a refresh is answered with a status that is not ok', async () => {
    fakeServer({
      'POST /api/auth/login': () => json({ status: 'ok', token: 'tok-0', user: admin }),
      'POST /api/auth/refresh': () => json({ status: 'error', message: 'Jeton expiré' }, 401),
    });
    await signIn('admin', 'secret');
    await vi.advanceTimersByTimeAsync(THREE_MINUTES);
    expect(notifyWarning).toHaveBeenCalledWith('Attention votre connexion a expiré, merci de vous reconnecter');
    expect(getSession().signedIn).toBe(false);
    expect(readToken()).toBeNull();
    expect(onSignedOut).toHaveBeenCalledWith('expired');
  });

  it('ends the session when a refresh throws', async () => {
    const server = fakeServer({ 'POST /api/auth/login': () => json({ status: 'ok', token: 'tok-0', user: admin }) });
    server.routes['POST /api/auth/refresh'] = () => Promise.reject(new TypeError('Failed to fetch'));
    await signIn('admin', 'secret');
    expect(await refreshToken()).toBe(false);
    expect(notifyWarning).toHaveBeenCalledWith('Attention votre connexion a expiré, veuillez vous reconnecter');
    expect(getSession().signedIn).toBe(false);
    expect(readToken()).toBeNull();
    expect(onSignedOut).toHaveBeenCalledWith('expired');
  });

  it('signs out: ends the session on the server, stops the renewal and clears the token', async () => {
    const server = fakeServer({
      'POST /api/auth/login': () => json({ status: 'ok', token: 'tok-0', user: admin }),
      'POST /api/auth/logout': () => json({ status: 'ok', message: 'Déconnecté' }),
    });
    await signIn('admin', 'secret');
    signOut();
    expect(getSession()).toEqual({ signedIn: false, user: null });
    expect(readToken()).toBeNull();
    expect(onSignedOut).toHaveBeenCalledWith('user');
    await vi.advanceTimersByTimeAsync(THREE_MINUTES * 2);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]).toMatchObject({ path: '/api/auth/logout', authorization: 'Bearer tok-0' });
  });

  it('automatic sign-in: "no token" without a saved token', async () => {
    const server = fakeServer({});
    expect(await autoLogin()).toBe('no token');
    expect(server.calls).toHaveLength(0);
  });

  it('automatic sign-in: signs in again from the saved token', async () => {
    saveToken('tok-saved');
    const server = fakeServer({
      'GET /api/auth/me': () =>
        json({ status: 'ok', user: { ...admin, login_provider: null, login_lastConnection: null } }),
      'POST /api/auth/refresh': () => json({ status: 'ok', token: 'tok-new' }),
    });
    expect(await autoLogin()).toBe('ok');
    expect(getSession()).toMatchObject({ signedIn: true, user: { login_name: 'admin' } });
    expect(server.calls[0]).toMatchObject({ path: '/api/auth/me', authorization: 'Bearer tok-saved' });
    await vi.waitFor(() => expect(readToken()).toBe('tok-new'));
  });

  it('automatic sign-in: "autologin error" when the token is refused, which is then forgotten', async () => {
    saveToken('tok-old');
    fakeServer({ 'GET /api/auth/me': () => json({ status: 'error', message: 'Jeton invalide' }, 401) });
    expect(await autoLogin()).toBe('autologin error');
    expect(getSession().signedIn).toBe(false);
    expect(readToken()).toBeNull();
  });

  it('automatic sign-in: concurrent guards share one attempt', async () => {
    saveToken('tok-saved');
    const server = fakeServer({
      'GET /api/auth/me': () => json({ status: 'ok', user: admin }),
      'POST /api/auth/refresh': () => json({ status: 'ok', token: 'tok-new' }),
    });
    expect(await Promise.all([autoLogin(), autoLogin()])).toEqual(['ok', 'ok']);
    expect(server.calls.filter((c) => c.path === '/api/auth/me')).toHaveLength(1);
  });
});
