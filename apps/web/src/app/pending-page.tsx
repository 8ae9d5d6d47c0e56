import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

// Routes of the spec whose screens arrive with later issues: reachable, guarded, and saying so.
export function PendingPage() {
  const { t } = useTranslation();
  return <Result status="info" title={t('pending.title')} subTitle={t('pending.description')} />;
}
