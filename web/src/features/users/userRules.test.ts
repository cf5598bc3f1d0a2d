import { describe, expect, it } from 'vitest';
import { toNewUser, toUserPatch } from './payload';
import { asRule, checkLoginName, checkPassword, checkProvider, checkRole } from './userRules';

describe('user form rules', () => {
  it('login name: at least 4 characters', () => {
    expect(checkLoginName('abc')).toBe("L'identifiant doit contenir au moins 4 caractères");
    expect(checkLoginName('  ab  ')).not.toBeNull();
    expect(checkLoginName(undefined)).not.toBeNull();
    expect(checkLoginName('abcd')).toBeNull();
    expect(checkLoginName('Aïté')).toBeNull();
  });

  it('password: required with 12 characters on creation', () => {
    const creating = checkPassword(true);
    expect(creating('')).toBe('Saisissez un mot de passe');
    expect(creating(undefined)).toBe('Saisissez un mot de passe');
    expect(creating('abcdefghijk')).toBe('Le mot de passe doit contenir au moins 12 caractères');
    expect(creating('abcdefghijkl')).toBeNull();
  });

  it('password: optional on update, but 12 characters when given', () => {
    const editing = checkPassword(false);
    expect(editing('')).toBeNull();
    expect(editing(undefined)).toBeNull();
    expect(editing('abcd')).toBe('Le mot de passe doit contenir au moins 12 caractères');
    expect(editing('abcdefghijkl')).toBeNull();
  });

  it('provider: optional, 4 characters when given', () => {
    expect(checkProvider('')).toBeNull();
    expect(checkProvider(undefined)).toBeNull();
    expect(checkProvider('ldp')).toBe('Le fournisseur doit contenir au moins 4 caractères');
    expect(checkProvider('ldap')).toBeNull();
  });

  it('role: one of the five', () => {
    for (const role of ['admin', 'manager', 'agent', 'viewer', 'sync']) expect(checkRole(role)).toBeNull();
    expect(checkRole('root')).toBe('Choisissez un rôle');
    expect(checkRole(undefined)).toBe('Choisissez un rôle');
  });

  it('asRule turns a check into an antd rule that rejects with the message', async () => {
    const rule = asRule(checkLoginName) as { validator: (rule: unknown, value: unknown) => Promise<void> };
    await expect(rule.validator({}, 'ab')).rejects.toThrow("L'identifiant doit contenir au moins 4 caractères");
    await expect(rule.validator({}, 'alice')).resolves.toBeUndefined();
  });
});

describe('user payloads', () => {
  it('creation sends the provider only when given', () => {
    expect(
      toNewUser({ login_name: ' alice ', login_password: 'secret', login_role: 'agent', login_provider: '' }),
    ).toEqual({
      login_name: 'alice',
      login_password: 'secret',
      login_role: 'agent',
    });
    expect(
      toNewUser({ login_name: 'alice', login_password: 'secret', login_role: 'agent', login_provider: 'ldap' }),
    ).toMatchObject({
      login_provider: 'ldap',
    });
  });

  it('an update leaves the password out when empty', () => {
    expect(
      toUserPatch(5, { login_name: 'alice', login_password: '', login_role: 'viewer', login_provider: '' }),
    ).toEqual({
      login_id: 5,
      login_name: 'alice',
      login_role: 'viewer',
      login_provider: '',
    });
    expect(toUserPatch(5, { login_name: 'alice', login_password: 'n3w!', login_role: 'viewer' })).toMatchObject({
      login_password: 'n3w!',
    });
  });
});
