import { App as AntApp, ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { toLanguage } from '../config/languages';
import { ALERT_DURATION_SECONDS } from '../config/ui';
import { missingBrowserFeatures } from '../lib/browser-support';
import { BrowserNotSupported } from './browser-not-supported';
import { ANTD_LOCALES } from './i18n';
import { routes } from './routes';

const router = createBrowserRouter(routes);
const missingFeatures = missingBrowserFeatures();

export function App() {
  // Re-renders on language change, so Ant Design's texts and calendars follow the chosen language.
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={ANTD_LOCALES[toLanguage(i18n.language)]}>
      {/* Alerts (antd messages) vanish after 2 s (spec part 1 §9). */}
      <AntApp message={{ duration: ALERT_DURATION_SECONDS }}>
        {missingFeatures.length > 0 ? (
          <BrowserNotSupported missing={missingFeatures} />
        ) : (
          <RouterProvider router={router} />
        )}
      </AntApp>
    </ConfigProvider>
  );
}
