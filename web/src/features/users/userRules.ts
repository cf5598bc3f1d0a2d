// The user form's rules (specification point 5): login name at least 4 characters; password at least 12
// (the server also refuses a common one), required on creation and optional on update; provider at least 4 when given; a known role.
// Plain functions (message or null), turned into antd rules by `asRule`, so they are tested alone.
import { asRule, type Check } from '../../shared/form/rules';
import { MIN_CREDENTIAL_LENGTH, MIN_PASSWORD_LENGTH } from '../../shared/constants';
import { fr } from '../../shared/locale/fr';
import { isRole } from '../../shared/roles';

export { asRule, type Check };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const length = (value: string): number => [...value].length;

export const checkLoginName: Check = (value) =>
  length(text(value).trim()) < MIN_CREDENTIAL_LENGTH ? fr.users.rules.loginNameMin : null;

export function checkPassword(creating: boolean): Check {
  return (value) => {
    const password = text(value);
    if (password === '') return creating ? fr.users.rules.passwordRequired : null;
    return length(password) < MIN_PASSWORD_LENGTH ? fr.users.rules.passwordMin : null;
  };
}

export const checkProvider: Check = (value) => {
  const provider = text(value).trim();
  return provider !== '' && length(provider) < MIN_CREDENTIAL_LENGTH ? fr.users.rules.providerMin : null;
};

export const checkRole: Check = (value) => (isRole(value) ? null : fr.users.rules.roleRequired);

export interface UserFormValues {
  login_name?: string;
  login_password?: string;
  login_role?: string;
  login_provider?: string;
}
