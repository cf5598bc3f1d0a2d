import { useSyncExternalStore } from 'react';

// Follows the system's colour scheme live (the user can switch it while the page is open).
const QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia?.(QUERY);
  media?.addEventListener?.('change', onChange);
  return () => media?.removeEventListener?.('change', onChange);
}

function prefersDark(): boolean {
  return window.matchMedia?.(QUERY).matches ?? false;
}

export function usePrefersDark(): boolean {
  return useSyncExternalStore(subscribe, prefersDark, () => false);
}
