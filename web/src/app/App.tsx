// The router, and beside it the notice host, loaded once notices are wanted (the screens' layout, or a
// first notice): the sign-in page does not download antd (docs/performance.md, « First screen »).
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router';
import { noticeHostWanted, subscribeNoticeHost } from '../shared/feedback/feedback';
import { router } from './router';

const FeedbackBridge = lazy(() => import('./FeedbackBridge'));

function Notices() {
  const wanted = useSyncExternalStore(subscribeNoticeHost, noticeHostWanted);
  return wanted ? (
    <Suspense fallback={null}>
      <FeedbackBridge />
    </Suspense>
  ) : null;
}

export default function App() {
  return (
    <>
      <RouterProvider router={router} />
      <Notices />
    </>
  );
}
