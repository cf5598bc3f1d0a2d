import { act, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { changeBase, pendingAfter, useSearchParamsUpdate } from './useSearchParamsUpdate';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Set = (key: string, value: string) => void;

/** Renders `Screen` at `/stats`; `set` changes one parameter the way the screen does. */
function mount(useSetter: () => Set) {
  // The setter of the last render, as an event handler of the screen holds it.
  const latest: { set: Set } = { set: () => undefined };
  function Screen() {
    const set = useSetter();
    useEffect(() => {
      latest.set = set;
    });
    return null;
  }
  const router = createMemoryRouter([{ path: '/stats', element: <Screen /> }], { initialEntries: ['/stats'] });
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() => root.render(<RouterProvider router={router} />));
  cleanups.push(() => act(() => root.unmount()));
  return { router, set: (key: string, value: string) => latest.set(key, value) };
}

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

const useOurs = (): Set => {
  const [, update] = useSearchParamsUpdate();
  return (key, value) => update((next) => next.set(key, value));
};

const useRouters = (): Set => {
  const [, setSearchParams] = useSearchParams();
  return (key, value) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );
};

describe('filters written to the address in quick succession', () => {
  it('all stay, however fast they are set', async () => {
    const { router, set } = mount(useOurs);
    await act(async () => {
      // Three changes before the screen renders again.
      set('regionId', '17');
      set('from', '2026-01-01');
      set('to', '2026-06-30');
      await Promise.resolve();
    });
    expect(new URLSearchParams(router.state.location.search).toString()).toBe(
      'regionId=17&from=2026-01-01&to=2026-06-30',
    );
    // Then one more, after the renders: still on top of the others.
    await act(async () => {
      set('from', '2026-02-01');
      await Promise.resolve();
    });
    expect(router.state.location.search).toBe('?regionId=17&from=2026-02-01&to=2026-06-30');
  });

  it("lost one with React Router's own setter (the race this mends)", async () => {
    const { router, set } = mount(useRouters);
    await act(async () => {
      set('regionId', '17');
      set('from', '2026-01-01');
      set('to', '2026-06-30');
      await Promise.resolve();
    });
    expect(router.state.location.search).toBe('?to=2026-06-30');
  });

  it('follow an address changed otherwise (back, a link)', async () => {
    const { router, set } = mount(useOurs);
    await act(async () => {
      set('regionId', '17');
      await Promise.resolve();
    });
    await act(() => router.navigate('/stats?from=2026-03-01'));
    await act(async () => {
      set('to', '2026-03-31');
      await Promise.resolve();
    });
    expect(router.state.location.search).toBe('?from=2026-03-01&to=2026-03-31');
  });
});

describe('the writes not yet shown', () => {
  it('are dropped once the address shows them, and all of them for another address', () => {
    expect(pendingAfter(['a=1', 'a=1&b=2', 'a=1&b=2&c=3'], 'a=1')).toEqual(['a=1&b=2', 'a=1&b=2&c=3']);
    expect(pendingAfter(['a=1', 'a=1&b=2'], 'a=1&b=2')).toEqual([]);
    expect(pendingAfter(['a=1', 'a=1&b=2'], 'z=9')).toEqual([]);
    // A value set, changed and set back: the last time it was written counts.
    expect(pendingAfter(['a=1', 'a=2', 'a=1'], 'a=1')).toEqual([]);
  });

  it('give the next change its start: the last written, else the address shown', () => {
    expect(changeBase(['a=1', 'a=1&b=2'], '')).toBe('a=1&b=2');
    expect(changeBase([], 'a=1')).toBe('a=1');
  });
});
