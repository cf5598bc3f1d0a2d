// The route guard (specification point 2): before every navigation to a path other than /login, a
// signed-out user is signed in again from the saved token, or sent to /login, which brings them back
// here afterwards. A role that may not open the screen gets a 403 page.
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { autoLogin, getSession } from '../shared/session/session';
import type { Role } from '../shared/roles';
import { canAccess } from './access';

export const LOGIN_PATH = '/login';

/** `/login?redirect=<where the user was going>`, or plain /login when that is the landing page. */
export function loginPath(wanted?: string): string {
  if (!wanted || wanted === '/' || wanted.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect: wanted })}`;
}

/** Where to go after sign-in: the remembered path when it is one of ours, else the landing page. */
export function afterSignIn(redirectParam: string | null): string {
  if (!redirectParam || !redirectParam.startsWith('/') || redirectParam.startsWith('//')) return '/';
  if (redirectParam.startsWith(LOGIN_PATH)) return '/';
  return redirectParam;
}

export function guard(access?: readonly Role[]) {
  return async ({ request }: LoaderFunctionArgs) => {
    const outcome = await autoLogin();
    if (outcome !== 'ok') {
      const url = new URL(request.url);
      throw redirect(loginPath(url.pathname + url.search));
    }
    const session = getSession();
    if (!canAccess(session.user?.login_role, access)) throw data(null, { status: 403 });
    return null;
  };
}
