// The routes of specification point 2 and their layouts: login (public), default (every screen),
// documentation (admin only) and not-found (any other path). Every layout and screen is loaded lazily,
// so the sign-in page downloads little (the build checks it: build/firstScreenSize.ts); every route but
// /login passes the guard first. The three layouts but sign-in's sit in ScreensLayout (query cache, dates).
import { createBrowserRouter, createPath, type RouteObject } from 'react-router';
import { frShell as fr } from '../shared/locale/frShell';
import { configureSession } from '../shared/session/session';
import BootScreen from './BootScreen';
import { configureReloadTarget, forgetReload, lazyComponent } from './chunkReload';
import { guard, LOGIN_PATH, loginPath } from './guard';
import RootShell from './RootShell';
import RouteError from './RouteError';
import type { RouteHandle } from './routeHandle';
import { documentationScreen, screens, type Screen } from './screens';

const upcoming = () => import('../features/upcoming/UpcomingPage');

function screenRoute(screen: Screen): RouteObject {
  const handle: RouteHandle = { title: screen.title, area: screen.area };
  return {
    path: screen.path,
    handle,
    loader: guard(screen.access),
    lazy: lazyComponent(screen.load ?? upcoming),
    ErrorBoundary: RouteError,
  };
}

const routes: RouteObject[] = [
  {
    Component: RootShell,
    HydrateFallback: BootScreen,
    ErrorBoundary: RouteError,
    children: [
      {
        path: LOGIN_PATH,
        lazy: lazyComponent(() => import('./layouts/LoginLayout')),
        children: [
          {
            index: true,
            handle: { title: fr.screens.login } satisfies RouteHandle,
            lazy: lazyComponent(() => import('../features/auth/LoginPage')),
            ErrorBoundary: RouteError,
          },
        ],
      },
      {
        lazy: lazyComponent(() => import('./layouts/ScreensLayout')),
        children: [
          {
            lazy: lazyComponent(() => import('./layouts/DefaultLayout')),
            children: screens.map(screenRoute),
          },
          {
            lazy: lazyComponent(() => import('./layouts/DocumentationLayout')),
            children: [screenRoute(documentationScreen)],
          },
          {
            lazy: lazyComponent(() => import('./layouts/NotFoundLayout')),
            children: [
              {
                path: '*',
                handle: { title: fr.screens.notFound } satisfies RouteHandle,
                loader: guard(),
                lazy: lazyComponent(() => import('../features/not-found/NotFoundPage')),
                ErrorBoundary: RouteError,
              },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// After a sign-out: forget the previous user's data and go to /login. When the server ended the
// session (expired token), come back to the same screen after signing in again.
configureSession({
  onSignedOut(reason) {
    // The cache's module comes with the screens (ScreensLayout): when it was never loaded, nothing to clear.
    void import('./queryClient').then(({ queryClient }) => queryClient.clear());
    const { pathname, search } = router.state.location;
    if (pathname === LOGIN_PATH) return;
    void router.navigate(reason === 'expired' ? loginPath(pathname + search) : LOGIN_PATH, { replace: true });
  },
});

// A screen that fails to load reloads the page once: at the screen the user was opening. Once a
// navigation completes without error, that one reload is available again.
configureReloadTarget(() => {
  const target = router.state.navigation.location;
  return target ? createPath(target) : undefined;
});
router.subscribe((state) => {
  if (state.initialized && state.navigation.state === 'idle' && !state.errors) forgetReload();
});
