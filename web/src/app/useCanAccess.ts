import { useSession } from '../shared/session/useSession';
import type { Role } from '../shared/roles';
import { canAccess } from './access';

/** Whether the signed-in login's role is one of `access` (to hide the buttons of what it may not do). */
export function useCanAccess(access: readonly Role[]): boolean {
  const { user } = useSession();
  return canAccess(user?.login_role, access);
}
