// The saved session token (localStorage), so that a reload or a new tab signs in again by itself.
import { TOKEN_STORAGE_KEY } from '../constants';

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be refused (private mode, policy): the session then lasts as long as the page.
    return null;
  }
}

export function saveToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    /* see readToken */
  }
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    /* see readToken */
  }
}
