// The sign-in form's rules (LoginPage.tsx), as its antd form had them.
import { frShell as fr } from '../../shared/locale/frShell';

export interface Credentials {
  login: string;
  password: string;
}

export type Field = keyof Credentials;

/** The message a field shows, if any: an identifier that is not only spaces, a password. */
export function fieldError(field: Field, value: string): string | undefined {
  if (field === 'login') return value.trim() ? undefined : fr.login.loginRequired;
  return value ? undefined : fr.login.passwordRequired;
}
