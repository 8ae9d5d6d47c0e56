import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { LOADING_OVERLAY_DELAY_MS } from '../config/ui';
import { selectHasPendingRequests } from '../lib/pending-requests';
import { useDelayedFlag } from '../lib/use-delayed-flag';

// The full-screen spinner, shown only while some request has been pending for more than 500 ms.
export function LoadingOverlay() {
  const { t } = useTranslation();
  const visible = useDelayedFlag(useSelector(selectHasPendingRequests), LOADING_OVERLAY_DELAY_MS);
  return <Spin fullscreen spinning={visible} size="large" aria-label={t('app.loading')} />;
}
