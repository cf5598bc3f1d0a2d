// The address's query parameters, and a way to change some of them that never loses another change made
// just before. React Router's `setSearchParams(change)` hands `change` the parameters of the last render,
// not those of the last write: two changes made before the screen renders again (a region chosen, then a
// date typed at once) would each start from the same address, and the second would drop the first. Here
// each change starts from the last one written, until the address shows it.
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/** Applies `change` to the parameters it is given (a copy); what it leaves is the next address. */
export type SearchParamsChange = (next: URLSearchParams) => void;

/**
 * `writes`: the addresses written (their query), oldest first, not yet all shown; `shown`: the query the
 * screen renders. The writes the address has reached are dropped; an address that is none of them (back,
 * forward, a link) drops them all.
 */
export function pendingAfter(writes: readonly string[], shown: string): string[] {
  const at = writes.lastIndexOf(shown);
  return at === -1 ? [] : writes.slice(at + 1);
}

/** The query a change starts from: the last written, else the one shown. */
export function changeBase(writes: readonly string[], shown: string): string {
  return writes.at(-1) ?? shown;
}

export function useSearchParamsUpdate() {
  const [searchParams, setSearchParams] = useSearchParams();
  const shown = searchParams.toString();
  const writes = useRef<string[]>([]);
  const latestShown = useRef(shown);
  useEffect(() => {
    latestShown.current = shown;
    writes.current = pendingAfter(writes.current, shown);
  }, [shown]);

  const update = useCallback(
    (change: SearchParamsChange, options: NavigateOptions = { replace: true }) => {
      const base = changeBase(writes.current, latestShown.current);
      const next = new URLSearchParams(base);
      change(next);
      const query = next.toString();
      if (query === base) return;
      writes.current = [...writes.current, query];
      setSearchParams(next, options);
    },
    [setSearchParams],
  );

  return [searchParams, update] as const;
}
