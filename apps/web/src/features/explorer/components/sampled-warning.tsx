import { WarningOutlined } from '@ant-design/icons';
import { Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';

interface SampledWarningProps {
  /** labels of the variables the server reduced */
  labels: string[];
}

export function SampledWarning({ labels }: SampledWarningProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (labels.length === 0) return null;
  const title = (
    <>
      {t('explorer.evolution.sampled')}
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {labels.map((label) => (
          <li key={label}>{label}</li>
        ))}
      </ul>
    </>
  );
  return (
    <Tooltip title={title}>
      <WarningOutlined
        role="img"
        aria-label={t('explorer.evolution.sampled')}
        tabIndex={0}
        style={{ color: token.colorWarning, fontSize: 18 }}
      />
    </Tooltip>
  );
}
