// The five roles of a login (docs/roles.md) and their French names.
import { frShell as fr } from './locale/frShell';

export const ROLES = ['admin', 'manager', 'agent', 'viewer', 'sync'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** "Administrateur" for `admin`; an unknown role is shown as it is. */
export function roleLabel(role: string | null | undefined): string {
  return isRole(role) ? fr.roles[role] : (role ?? '');
}

export const ROLE_OPTIONS = ROLES.map((value) => ({ value, label: fr.roles[value] }));
