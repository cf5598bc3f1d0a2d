// What a role may open (the SPA hides what the gateway would refuse anyway).
import type { Role } from '../shared/roles';

export function canAccess(role: string | undefined, access: readonly Role[] | undefined): boolean {
  if (!access) return true;
  return role !== undefined && (access as readonly string[]).includes(role);
}

// Who may create, change and delete members, families, photos, cooperatives and parcels: the gateway's
// Members area allows writes and deletes to every business role but `viewer`.
export const MEMBERS_WRITE: readonly Role[] = ['admin', 'manager', 'agent'];

// The geography: every business role but `viewer` creates and changes; only `admin` and `manager` delete
// (the gateway's Geography area refuses deletes to `agent`).
export const GEOGRAPHY_WRITE: readonly Role[] = ['admin', 'manager', 'agent'];
export const GEOGRAPHY_DELETE: readonly Role[] = ['admin', 'manager'];

// Members' payments (and the cards to come): every business role but `viewer` records, changes and deletes
// them (the gateway's Cards area); `sync` does not even read them.
export const CARDS_WRITE: readonly Role[] = ['admin', 'manager', 'agent'];

// Cancelling a card is a decision over a member's right: only `admin` and `manager` (the gateway's
// CardCancellation area).
export const CARDS_CANCEL: readonly Role[] = ['admin', 'manager'];
