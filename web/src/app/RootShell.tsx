// The outermost route: everything every screen shares (progress bar, document title).
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './progress.css';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { fr } from '../shared/locale/fr';
import { documentTitle } from '../shared/title';
import { useRouteTitle } from './routeHandle';

// NProgress's own template gives the bar `role="bar"`, which is no ARIA role: a named progress bar instead
// (found by its class, as NProgress looks for its bar by that role).
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 150,
  barSelector: '.bar',
  template: `<div class="bar" role="progressbar" aria-label="${fr.app.screenLoading}"><div class="peg"></div></div>`,
});

/** The bar starts when the path changes and finishes once the new screen is loaded. */
function useRouteProgress(): void {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target = navigation.location?.pathname;
  useEffect(() => {
    if (navigation.state !== 'idle' && target !== undefined && target !== pathname) NProgress.start();
    else if (navigation.state === 'idle') NProgress.done();
  }, [navigation.state, target, pathname]);
}

function useDocumentTitle(): void {
  const title = useRouteTitle();
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

export default function RootShell() {
  useRouteProgress();
  useDocumentTitle();
  return <Outlet />;
}
