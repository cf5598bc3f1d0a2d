// From the form's values to the bodies of post_user and patch_user.
import type { NewUser, UserPatch } from './api';
import type { UserFormValues } from './userRules';

const trimmed = (value: string | undefined): string => (value ?? '').trim();

export function toNewUser(values: UserFormValues): NewUser {
  const provider = trimmed(values.login_provider);
  return {
    login_name: trimmed(values.login_name),
    login_password: values.login_password ?? '',
    login_role: values.login_role ?? '',
    ...(provider ? { login_provider: provider } : {}),
  };
}

/** An empty password keeps the current one; an empty provider clears it. */
export function toUserPatch(id: number, values: UserFormValues): UserPatch {
  return {
    login_id: id,
    login_name: trimmed(values.login_name),
    login_role: values.login_role ?? null,
    login_provider: trimmed(values.login_provider),
    ...(values.login_password ? { login_password: values.login_password } : {}),
  };
}
