import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GRAVITY_GRADIENT } from '../gravity-scale';
import { formatGravity } from '../incidence-format';

// Spec §2: the legend of the gravity colours, a gradient from 0 % to 100 %.
export function GravityLegend() {
  const { t, i18n } = useTranslation();
  return (
    <Flex align="center" gap={8} role="img" aria-label={t('incidences.list.legendLabel')}>
      <Typography.Text type="secondary">{t('incidences.list.legend')}</Typography.Text>
      <Typography.Text>{formatGravity(0, i18n.language)}</Typography.Text>
      <div style={{ width: 160, height: 10, borderRadius: 5, background: GRAVITY_GRADIENT }} />
      <Typography.Text>{formatGravity(100, i18n.language)}</Typography.Text>
    </Flex>
  );
}
