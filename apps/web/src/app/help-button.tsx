import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLazyGetUserManualQuery } from '../lib/user-manual-api';

// Opens the user manual PDF in a new window, when the server sends a non-empty one.
export function HelpButton() {
  const { t } = useTranslation();
  const [getUserManual] = useLazyGetUserManualQuery();
  const open = async () => {
    // Opened before the download so that pop-up blockers see a direct response to the click.
    const manualWindow = window.open('', '_blank');
    const url = await getUserManual(undefined, true)
      .unwrap()
      .catch(() => null);
    if (url && manualWindow) manualWindow.location.href = url;
    else manualWindow?.close();
  };
  return (
    <Button type="text" icon={<QuestionCircleOutlined />} onClick={() => void open()}>
      {t('shell.help')}
    </Button>
  );
}
