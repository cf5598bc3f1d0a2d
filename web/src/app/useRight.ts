// What the signed-in login may do, with the reason it may not: a button the role may not use is shown
// disabled, its tooltip naming the roles that may (« Réservé aux administrateurs et gestionnaires »), built
// from the generated matrix (access.ts) rather than written by hand.
import { fr } from '../shared/locale/fr';
import { useSession } from '../shared/session/useSession';
import { may, rolesThatMay, type Access, type Area } from './access';

export interface Right {
  allowed: boolean;
  /** Why not, in French; empty when allowed. */
  reason: string;
}

/** The sentence naming the roles that may `access` `area`. */
export function reservedTo(area: Area, access: Access): string {
  return fr.rights.reservedTo(rolesThatMay(area, access).map((role) => fr.rolesPlural[role]));
}

export function rightOf(role: string | undefined, area: Area, access: Access): Right {
  const allowed = may(role, area, access);
  return { allowed, reason: allowed ? '' : reservedTo(area, access) };
}

/** Whether the signed-in login may `access` `area`, and if not, why. */
export function useRight(area: Area, access: Access): Right {
  const { user } = useSession();
  return rightOf(user?.login_role, area, access);
}

/** A screen of `area` the role reads but may not change. */
export function isReadOnly(role: string | undefined, area: Area): boolean {
  return may(role, area, 'read') && !may(role, area, 'write');
}

/** What needs no right. */
export const ALLOWED: Right = { allowed: true, reason: '' };
