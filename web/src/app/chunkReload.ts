// A screen's code can fail to load: a new version was deployed (the old hashed files are gone) or the
// network dropped. The first time, reload the page once (the new index.html names the new files); if
// it happens again, the route's error page says so in French instead of reloading in a loop.
import type { ComponentType } from 'react';
import { frShell as fr } from '../shared/locale/frShell';

const RELOADED_KEY = 'sesame:reloaded-after-load-error';
let reloading = false;
// Where the user was going when the load failed (the router's pending navigation), if anywhere.
let pendingTarget: () => string | undefined = () => undefined;

/** The router says where a navigation under way leads, so the reload opens that screen directly. */
export function configureReloadTarget(target: () => string | undefined): void {
  pendingTarget = target;
}

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(fr.errors.newVersion, { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Reloads the page unless that was already tried; true when a reload is under way. */
function reloadOnce(): boolean {
  if (reloading) return true;
  try {
    if (window.sessionStorage.getItem(RELOADED_KEY)) return false;
    window.sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  } catch {
    return false;
  }
  reloading = true;
  const target = pendingTarget();
  if (target) window.location.assign(target);
  else window.location.reload();
  return true;
}

/** Vite raises `vite:preloadError` when a lazily loaded file fails. */
export function installPreloadErrorHandler(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
}

const never = new Promise<never>(() => {});

/** A route `lazy` for a screen module, with the reload-once rule. */
export function lazyComponent(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    let module: { default: ComponentType } | undefined;
    try {
      module = await load();
    } catch (error) {
      if (reloadOnce()) return never;
      // Resolve to a screen that throws, rather than reject: the route's error page then shows the
      // message (a rejected `lazy` during the first load leaves the router on its loading screen).
      const failure = new ChunkLoadError(error);
      return {
        Component: () => {
          throw failure;
        },
      };
    }
    // Undefined when the preload handler above cancelled the error to reload: wait for the reload.
    if (!module) return never;
    return { Component: module.default };
  };
}

/**
 * A navigation that ended without error: the files load again, so a later failure may reload once more.
 * (Not cleared per file: after the reload, the layout may load and the screen fail in one navigation.)
 */
export function forgetReload(): void {
  if (reloading) return;
  try {
    window.sessionStorage.removeItem(RELOADED_KEY);
  } catch {
    /* storage refused: nothing to clear */
  }
}
