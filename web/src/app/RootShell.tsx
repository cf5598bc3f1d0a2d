// The outermost route: everything every screen shares (progress bar, document title).
import type NProgress from 'nprogress';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { documentTitle } from '../shared/title';
import { useRouteTitle } from './routeHandle';

type Progress = typeof NProgress;
let progress: Promise<Progress> | undefined;

/** Runs a step of the bar; `start` loads its module, the other steps only act once it is there. */
function withProgress(step: (bar: Progress) => void, start: boolean): void {
  if (!progress && !start) return;
  progress ??= import('./progress').then((module) => module.default);
  void progress.then(step);
}

/** The bar starts when the path changes and finishes once the new screen is loaded. */
function useRouteProgress(): void {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target = navigation.location?.pathname;
  useEffect(() => {
    if (navigation.state !== 'idle' && target !== undefined && target !== pathname)
      withProgress((bar) => bar.start(), true);
    else if (navigation.state === 'idle') withProgress((bar) => bar.done(), false);
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
