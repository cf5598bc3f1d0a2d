// What a role may open (the SPA hides what the gateway would refuse anyway).
import type { Role } from '../shared/roles';

export function canAccess(role: string | undefined, access: readonly Role[] | undefined): boolean {
  if (!access) return true;
  return role !== undefined && (access as readonly string[]).includes(role);
}
