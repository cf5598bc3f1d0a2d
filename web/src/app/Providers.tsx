// antd's theme (green, dark when the system is, still when the system asks for less motion) and French
// locale, around what uses antd: the screens' layouts (layouts/ScreensLayout.tsx), the notice host
// (FeedbackBridge.tsx) and the error page (RouteErrorView.tsx), all loaded lazily. The sign-in page and
// the shell use no antd (docs/performance.md, « First screen »): the page's colours and font before
// then come from global.css, which gives the same values as the theme's tokens.
import { ConfigProvider, theme } from 'antd';
import frFR from 'antd/es/locale/fr_FR';
import type { ReactNode } from 'react';
import { PRIMARY_COLOR, PRIMARY_COLOR_HOVER, PRIMARY_COLOR_ON_DARK, READABLE_LIGHT_COLORS } from '../shared/constants';
import { usePrefersDark, usePrefersReducedMotion } from '../shared/hooks/useSystemPreferences';

export default function Providers({ children }: { children: ReactNode }) {
  const dark = usePrefersDark();
  const stillness = usePrefersReducedMotion();

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
      {children}
    </ConfigProvider>
  );
}
