// Whether the signed-in login may change the geography here: on a field laptop the geography is the
// central server's copy, received by synchronisation, so no role changes it there (the server refuses it
// too); elsewhere, the role matrix decides.
import type { Access } from '../../app/access';
import { useRight, type Right } from '../../app/useRight';
import { fr } from '../../shared/locale/fr';
import { useRunningEnv } from '../about/api';

export function useGeographyRight(access: Exclude<Access, 'read'>): Right {
  const right = useRight('geography', access);
  const env = useRunningEnv();
  if (env.data === 'field') return { allowed: false, reason: fr.geography.fieldReadOnly };
  return right;
}
