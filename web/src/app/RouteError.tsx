// A route's error boundary. The page itself (antd Result) loads only when an error happens, to keep it
// out of the code every visitor downloads first.
import { lazy, Suspense } from 'react';

const RouteErrorView = lazy(() => import('./RouteErrorView'));

export default function RouteError() {
  return (
    <Suspense fallback={null}>
      <RouteErrorView />
    </Suspense>
  );
}
