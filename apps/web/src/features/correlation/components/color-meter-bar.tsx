import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { METER_COLORS } from '../color-meter';
import type { MeterScale } from '../correlation-query';

interface ColorMeterBarProps {
  /** Z's label */
  label: string;
  scale: MeterScale;
  /** the 9 level labels, lowest first */
  labels: string[];
}

// The colour meter under the intensity charts: 9 swatches, each over the Z value it stands for.
export function ColorMeterBar({ label, scale, labels }: ColorMeterBarProps) {
  const { t } = useTranslation();
  const title = t('correlation.meter.label', { label });
  return (
    <Flex
      vertical
      gap={4}
      role="group"
      aria-label={title}
      style={{ maxWidth: 720, width: '100%', margin: '0 auto' }}
    >
      <Typography.Text strong>{title}</Typography.Text>
      <Flex>
        {labels.map((text, level) => (
          <Flex key={level} vertical align="center" style={{ flex: 1 }} data-testid="meter-level">
            <div style={{ background: METER_COLORS[scale][level], height: 14, width: '100%' }} />
            <Typography.Text style={{ fontSize: 12 }}>{text}</Typography.Text>
          </Flex>
        ))}
      </Flex>
    </Flex>
  );
}
