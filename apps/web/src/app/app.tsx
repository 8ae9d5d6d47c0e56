import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { toLanguage } from '../config/languages';
import { ANTD_LOCALES } from './i18n';
import { router } from './router';

export function App() {
  // Re-renders on language change, so Ant Design's texts and calendars follow the chosen language.
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={ANTD_LOCALES[toLanguage(i18n.language)]}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
