// What a role may open (the SPA hides what the gateway would refuse anyway). The matrix is not copied here:
// `roleMatrix.json` is generated from the one rule the gateway and every service enforce
// (`common::roles::may` in services/common/src/roles.rs) by `make openapi`, and
// scripts/check-api-types.sh fails when it is out of date.
import type { Role } from '../shared/roles';
import roleMatrix from './roleMatrix.json';

/** An area of the matrix (docs/roles.md): `members`, `cardCancellation`… */
export type Area = keyof (typeof roleMatrix.may)['admin'];
/** A kind of access to an area. */
export type Access = 'read' | 'write' | 'delete';

const allowed: Readonly<Record<string, Readonly<Record<Area, readonly string[]>>>> = roleMatrix.may;

/** Whether `role` may `access` `area`: `common::roles::may`, read from the generated matrix. */
export function may(role: string | undefined, area: Area, access: Access): boolean {
  return role !== undefined && Object.hasOwn(allowed, role) && allowed[role][area].includes(access);
}

/** The roles that may `access` `area`, in the matrix's order (admin, manager, agent, viewer, sync). */
export function rolesThatMay(area: Area, access: Access): readonly Role[] {
  return (roleMatrix.roles as Role[]).filter((role) => may(role, area, access));
}

export function canAccess(role: string | undefined, access: readonly Role[] | undefined): boolean {
  if (!access) return true;
  return role !== undefined && (access as readonly string[]).includes(role);
}

// Who may create, change and delete members, families, photos, cooperatives and parcels: the Members area
// (every business role but `viewer`).
export const MEMBERS_WRITE: readonly Role[] = rolesThatMay('members', 'write');

// The geography: every business role but `viewer` creates and changes; only `admin` and `manager` delete
// (the Geography area refuses deletes to `agent`).
export const GEOGRAPHY_WRITE: readonly Role[] = rolesThatMay('geography', 'write');
export const GEOGRAPHY_DELETE: readonly Role[] = rolesThatMay('geography', 'delete');

// Members' payments, cards and deliveries: every business role but `viewer` records, changes and deletes
// them (the Cards area); `sync` does not even read them.
export const CARDS_WRITE: readonly Role[] = rolesThatMay('cards', 'write');

// Cancelling a card is a decision over a member's right: only `admin` and `manager` (the CardCancellation
// area).
export const CARDS_CANCEL: readonly Role[] = rolesThatMay('cardCancellation', 'delete');
