import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from './session';

/** The current session, re-rendering when it changes. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession);
}
