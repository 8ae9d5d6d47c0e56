import { QuestionCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../config/languages';
import { useIsUserManualAvailableQuery, useLazyGetUserManualQuery } from '../lib/user-manual-api';

// Help (spec part 1 §2, §8): shown when the server has a user manual; opens the PDF in a new window when the
// answer is non-empty. When the browser blocks that window, a notice asks to allow pop-ups and the manual
// shows in an overlay with a close button instead.
export function HelpButton() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const available = useIsUserManualAvailableQuery(language).data === true;
  const [getUserManual] = useLazyGetUserManualQuery();
  const [blockedManualUrl, setBlockedManualUrl] = useState<string | null>(null);
  if (!available) return null;

  const open = async () => {
    // Opened before the download so that pop-up blockers see a direct response to the click.
    const manualWindow = window.open('', '_blank');
    const url = await getUserManual(language, true)
      .unwrap()
      .catch(() => null);
    if (!url) manualWindow?.close();
    else if (manualWindow) manualWindow.location.href = url;
    else setBlockedManualUrl(url);
  };

  return (
    <>
      <Button type="text" icon={<QuestionCircleOutlined />} onClick={() => void open()}>
        {t('shell.help')}
      </Button>
      <Modal
        open={blockedManualUrl !== null}
        title={t('shell.popupBlockedTitle')}
        width="90vw"
        destroyOnHidden
        onCancel={() => setBlockedManualUrl(null)}
        footer={<Button onClick={() => setBlockedManualUrl(null)}>{t('shell.close')}</Button>}
      >
        <Alert type="warning" showIcon title={t('shell.popupBlocked')} style={{ marginBottom: 12 }} />
        {blockedManualUrl && (
          <iframe
            src={blockedManualUrl}
            title={t('shell.manual')}
            style={{ width: '100%', height: '70vh', border: 0 }}
          />
        )}
      </Modal>
    </>
  );
}
