// The session (specification points 4, 8 and 9): who is signed in, the saved token, and its renewal
// every 3 minutes. A small store outside React, so that the route guard, the API helper and the timer
// share one truth; components read it with useSession().
import { api, type Schemas } from '../api/client';
import { ApiError, onUnauthorized, request } from '../api/request';
import { TOKEN_REFRESH_INTERVAL_MS } from '../constants';
import { notifyWarning } from '../feedback/feedback';
import { frShell as fr } from '../locale/frShell';
import { clearToken, readToken, saveToken } from './tokenStore';

export type SessionUser = Schemas['SessionUser'];

export type Session = { signedIn: false; user: null } | { signedIn: true; user: SessionUser };

/** Why the session ended: the user asked, or the server stopped accepting it. */
export type SignOutReason = 'user' | 'expired';

export type SignInResult = { ok: true; user: SessionUser } | { ok: false; message: string };

/** The outcome of signing in again from the saved token (names from the specification). */
export type AutoLoginOutcome = 'ok' | 'no token' | 'autologin error';

const SIGNED_OUT: Session = { signedIn: false, user: null };

let session: Session = SIGNED_OUT;
const listeners = new Set<() => void>();
let refreshTimer: ReturnType<typeof setInterval> | undefined;
let pendingAutoLogin: Promise<AutoLoginOutcome> | null = null;
// Bumped at every sign-in and sign-out, so that an answer that arrives after either is ignored.
let generation = 0;
let signedOutHandler: (reason: SignOutReason) => void = () => {};

/** The app says what follows a sign-out (clear cached data, go to /login). */
export function configureSession(options: { onSignedOut: (reason: SignOutReason) => void }): void {
  signedOutHandler = options.onSignedOut;
}

export function getSession(): Session {
  return session;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setSession(next: Session): void {
  session = next;
  listeners.forEach((listener) => listener());
}

/** Marks the user signed in, keeps the token and starts its renewal. */
function establish(token: string, user: SessionUser): void {
  generation += 1;
  saveToken(token);
  setSession({ signedIn: true, user });
  stopRefresh();
  refreshTimer = setInterval(() => void refreshToken(), TOKEN_REFRESH_INTERVAL_MS);
}

function stopRefresh(): void {
  if (refreshTimer !== undefined) clearInterval(refreshTimer);
  refreshTimer = undefined;
}

export async function signIn(login: string, password: string): Promise<SignInResult> {
  try {
    const answer = await request(api.POST('/auth/login', { body: { login, password } }), { quiet: true });
    establish(answer.token, answer.user);
    return { ok: true, user: answer.user };
  } catch (error) {
    return { ok: false, message: signInFailure(error) };
  }
}

function signInFailure(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0) {
    // Held off after too many attempts, or a service down: the server's own words say what to do.
    if (error.status === 429 || error.status >= 500) return error.message;
    return fr.session.wrongCredentials;
  }
  const cause = error instanceof ApiError ? error.cause : error;
  return fr.session.signInError + (cause instanceof Error ? cause.message : String(cause));
}

/** Signs in again with the saved token (route guard). Concurrent callers share one attempt. */
export function autoLogin(): Promise<AutoLoginOutcome> {
  if (session.signedIn) return Promise.resolve('ok');
  pendingAutoLogin ??= attemptAutoLogin().finally(() => {
    pendingAutoLogin = null;
  });
  return pendingAutoLogin;
}

async function attemptAutoLogin(): Promise<AutoLoginOutcome> {
  const token = readToken();
  if (!token) return 'no token';
  try {
    const answer = await request(api.GET('/auth/me'), { quiet: true });
    establish(token, answer.user);
    // The saved token may be close to its end (the page was closed a while): renew it now rather than
    // at the first tick.
    void refreshToken();
    return 'ok';
  } catch (error) {
    // A refused token is dead for good; a network failure leaves it for the next attempt.
    if (error instanceof ApiError && error.status === 401) clearToken();
    return 'autologin error';
  }
}

/** Renews the token; on any failure the session ends with the specification's notice. */
export async function refreshToken(): Promise<boolean> {
  const started = generation;
  try {
    const answer = await request(api.POST('/auth/refresh'), { quiet: true });
    if (started !== generation) return false;
    saveToken(answer.token);
    return true;
  } catch (error) {
    if (started !== generation) return false;
    const answered = error instanceof ApiError && error.status !== 0;
    notifyWarning(answered ? fr.session.refreshNotOk : fr.session.refreshException);
    signOut('expired');
    return false;
  }
}

/** Ends the session on the server too, so the token stops working at once (best effort: the browser
 * forgets the token whatever the answer). */
function endServerSession(token: string): void {
  try {
    void globalThis
      .fetch('/api/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } })
      .catch(() => undefined);
  } catch {
    // No network layer (tests): nothing to end.
  }
}

/** Stops the renewal, forgets the token and the user, then lets the app go to /login. */
export function signOut(reason: SignOutReason = 'user'): void {
  const token = readToken();
  if (reason === 'user' && token) endServerSession(token);
  generation += 1;
  stopRefresh();
  clearToken();
  setSession(SIGNED_OUT);
  signedOutHandler(reason);
}

// A call answered 401 while signed in: the server no longer accepts the token.
onUnauthorized(() => {
  if (session.signedIn) signOut('expired');
});
