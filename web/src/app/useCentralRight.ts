// Whether the signed-in login may change what the central server owns: on a field laptop the geography, the
// payments, the cards and their deliveries are the central server's copy, received by synchronisation, so
// no role changes them there (the server refuses it too, 409) and the buttons say so; elsewhere, the role
// matrix decides (useRight).
import { useRunningEnv } from '../features/about/api';
import { fr } from '../shared/locale/fr';
import type { Access, Area } from './access';
import { useRight, type Right } from './useRight';

/** The areas whose records a field laptop only receives from the central server. */
export type CentralArea = Extract<Area, 'geography' | 'cards' | 'cardCancellation'>;

/** Why a field laptop changes none of an area's records, in French. */
const FIELD_REASON: Readonly<Record<CentralArea, string>> = {
  geography: fr.geography.fieldReadOnly,
  cards: fr.cards.fieldReadOnly,
  cardCancellation: fr.cards.fieldReadOnly,
};

/** `right` (the role's), unless the instance (`runningEnv`) is a field laptop, which changes none of `area`. */
export function centralRightOf(runningEnv: string | undefined, area: CentralArea, right: Right): Right {
  if (runningEnv === 'field') return { allowed: false, reason: FIELD_REASON[area] };
  return right;
}

/** Whether the signed-in login may `access` `area` here, and if not, why. */
export function useCentralRight(area: CentralArea, access: Exclude<Access, 'read'>): Right {
  const right = useRight(area, access);
  const env = useRunningEnv();
  return centralRightOf(env.data, area, right);
}
