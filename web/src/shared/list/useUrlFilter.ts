// A list filter kept in the address (a home figure opens its list with it, `?sent=false`): the list reads
// it as it starts, follows it when the address changes (back, forward, a link), and removing it removes
// the query parameter, the list then showing everything again.
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParamsUpdate } from '../hooks/useSearchParamsUpdate';

/**
 * `key`: the query parameter; `parse`: its value for the list (a module-level function); `apply`: gives
 * the list a new value after the address changed. `value` is the current one, `set` writes another (`null`
 * removes it), `clear` removes it.
 */
export function useUrlFilter<T>(key: string, parse: (raw: string | null) => T, apply: (value: T) => void) {
  const [searchParams, updateSearchParams] = useSearchParamsUpdate();
  const raw = searchParams.get(key);
  const applied = useRef(raw);
  const latest = useRef(apply);
  useEffect(() => {
    latest.current = apply;
  });

  useEffect(() => {
    if (raw === applied.current) return;
    applied.current = raw;
    latest.current(parse(raw));
  }, [raw, parse]);

  const set = useCallback(
    (value: string | null) =>
      updateSearchParams((next) => {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }),
    [key, updateSearchParams],
  );
  const clear = useCallback(() => set(null), [set]);

  return { raw, value: parse(raw), set, clear };
}
