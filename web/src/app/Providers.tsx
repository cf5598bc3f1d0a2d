// Theme (green, dark when the system is, still when the system asks for less motion), French locale, notices and the query cache.
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, message, notification, theme } from 'antd';
import frFR from 'antd/locale/fr_FR';
import 'dayjs/locale/fr';
import dayjs from 'dayjs';
import { useEffect, type ReactNode } from 'react';
import {
  DEFAULT_NOTICE_SECONDS,
  PRIMARY_COLOR,
  PRIMARY_COLOR_HOVER,
  PRIMARY_COLOR_ON_DARK,
  READABLE_LIGHT_COLORS,
} from '../shared/constants';
import { bindFeedback } from '../shared/feedback/feedback';
import { usePrefersDark, usePrefersReducedMotion } from '../shared/hooks/useSystemPreferences';
import { queryClient } from './queryClient';

dayjs.locale('fr');

/** Where notices start, in pixels from the top of the window: under the header. */
const NOTICES_TOP = 72;

/**
 * Gives the code that runs outside components (failed calls, an expired session) notice functions that
 * follow the theme and the locale. (antd's notification and message hooks rather than its `App`, which
 * would also bring its modal code into the first download.)
 */
function FeedbackBridge() {
  // Below the header (antd's is 64 px high), so that a notice never covers what it points to there:
  // « Export lancé … Suivez-le dans « Exports » » over the « Exports » button, held while hovered.
  const [notificationApi, notificationHolder] = notification.useNotification({
    duration: DEFAULT_NOTICE_SECONDS,
    top: NOTICES_TOP,
  });
  const [messageApi, messageHolder] = message.useMessage({ duration: DEFAULT_NOTICE_SECONDS, top: NOTICES_TOP });
  useEffect(() => bindFeedback({ notification: notificationApi, message: messageApi }), [notificationApi, messageApi]);
  return (
    <>
      {notificationHolder}
      {messageHolder}
    </>
  );
}

/** The page behind the layouts follows the theme (font, text colour, background), as antd's App would. */
function BodyStyle() {
  const { token } = theme.useToken();
  useEffect(() => {
    const style = document.body.style;
    style.background = token.colorBgLayout;
    style.color = token.colorText;
    style.fontFamily = token.fontFamily;
  }, [token.colorBgLayout, token.colorText, token.fontFamily]);
  return null;
}

export default function Providers({ children }: { children: ReactNode }) {
  const dark = usePrefersDark();
  const stillness = usePrefersReducedMotion();
  useEffect(() => {
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);

  return (
    <ConfigProvider
      locale={frFR}
      theme={{
        algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
        // Links in the primary green too; a lighter one on a dark background, to stay readable.
        token: dark
          ? { colorPrimary: PRIMARY_COLOR, colorLink: PRIMARY_COLOR_ON_DARK, motion: !stillness }
          : {
              motion: !stillness,
              colorPrimary: PRIMARY_COLOR,
              colorPrimaryHover: PRIMARY_COLOR_HOVER,
              colorLink: PRIMARY_COLOR,
              colorLinkHover: PRIMARY_COLOR_HOVER,
              ...READABLE_LIGHT_COLORS,
            },
      }}
    >
      <BodyStyle />
      <FeedbackBridge />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
