import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh module each time: it remembers a reload under way.
async function load() {
  vi.resetModules();
  return import('./chunkReload');
}

describe('lazy screens that fail to load', () => {
  const reload = vi.fn();

  beforeEach(() => {
    sessionStorage.clear();
    reload.mockClear();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
  });
  afterEach(() => vi.restoreAllMocks());

  it('reloads the page once, then shows the French error', async () => {
    const { lazyComponent, ChunkLoadError } = await load();
    const failing = lazyComponent(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    void failing(); // never settles: the page is reloading
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());

    const afterReload = await load();
    const again = afterReload.lazyComponent(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const { Component } = await again();
    const error = (() => {
      try {
        (Component as () => unknown)();
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(afterReload.ChunkLoadError);
    expect((error as Error).message).toBe(
      "Une nouvelle version de l'application est disponible ou le réseau est coupé : rechargez la page.",
    );
    expect(reload).toHaveBeenCalledOnce();
    expect(ChunkLoadError).toBeDefined();
  });

  it('a navigation without error makes the one reload available again', async () => {
    sessionStorage.setItem('sesame:reloaded-after-load-error', '1');
    const { forgetReload, lazyComponent } = await load();
    const Screen = () => null;
    await expect(lazyComponent(() => Promise.resolve({ default: Screen }))()).resolves.toEqual({ Component: Screen });
    expect(sessionStorage.getItem('sesame:reloaded-after-load-error')).toBe('1');
    forgetReload();
    expect(sessionStorage.getItem('sesame:reloaded-after-load-error')).toBeNull();
  });

  it('cancels the preload error event the first time and reloads', async () => {
    const { installPreloadErrorHandler } = await load();
    installPreloadErrorHandler();
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });
});
