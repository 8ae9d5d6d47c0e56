import { ChromeOutlined } from '@ant-design/icons';
import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

// Spec part 1 §8: "'Browser not supported' suggests a supported browser", in place of the app.
export function BrowserNotSupported({ missing }: { missing: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      icon={<ChromeOutlined />}
      title={t('browser.unsupportedTitle')}
      subTitle={t('browser.unsupported')}
      extra={
        <Typography.Text type="secondary">
          {t('browser.missing', { features: missing.join(', ') })}
        </Typography.Text>
      }
    />
  );
}
