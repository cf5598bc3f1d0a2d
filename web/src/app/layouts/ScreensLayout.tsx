// Around every layout but sign-in's: antd's theme and locale, the query cache and dayjs's French dates,
// which the sign-in page does not need (kept out of its download: docs/performance.md, « First screen »).
// It also asks for the notice host, so that the screens' notices show at once.
import { QueryClientProvider } from '@tanstack/react-query';
import 'dayjs/locale/fr';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { wantNotices } from '../../shared/feedback/feedback';
import Providers from '../Providers';
import { queryClient } from '../queryClient';

dayjs.locale('fr');

export default function ScreensLayout() {
  useEffect(wantNotices, []);
  return (
    <Providers>
      <QueryClientProvider client={queryClient}>
        <Outlet />
      </QueryClientProvider>
    </Providers>
  );
}
