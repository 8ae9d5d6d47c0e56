import { WarningOutlined } from '@ant-design/icons';
import { Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';

// The sampled-variables icon of the correlation charts: the pairs whose points are bucket means.
export function AveragedWarning({ pairs }: { pairs: string[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (pairs.length === 0) return null;
  const title = (
    <>
      {t('correlation.chart.sampled')}
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {pairs.map((pair) => (
          <li key={pair}>{pair}</li>
        ))}
      </ul>
    </>
  );
  return (
    <Tooltip title={title}>
      <WarningOutlined
        role="img"
        aria-label={t('correlation.chart.sampledIcon')}
        tabIndex={0}
        style={{ color: token.colorWarning, fontSize: 18 }}
      />
    </Tooltip>
  );
}
