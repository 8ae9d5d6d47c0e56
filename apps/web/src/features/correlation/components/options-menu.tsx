import {
  BgColorsOutlined,
  BorderOutlined,
  CheckSquareOutlined,
  ColumnWidthOutlined,
  LineChartOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MeterScale } from '../correlation-query';

interface OptionsMenuProps {
  grid: boolean;
  onToggleGrid: () => void;
  onSwapAxes: () => void;
  onFixedRanges: () => void;
  /** the meter's scale, with intensity colouring only */
  meter?: { scale: MeterScale; onToggle: () => void };
  onEvolution: () => void;
}

// The options of the correlation charts (spec part 2 §2, §4); each rewrites the address.
export function OptionsMenu({
  grid,
  onToggleGrid,
  onSwapAxes,
  onFixedRanges,
  meter,
  onEvolution,
}: OptionsMenuProps) {
  const { t } = useTranslation();
  const items: MenuProps['items'] = [
    {
      key: 'grid',
      icon: grid ? <CheckSquareOutlined /> : <BorderOutlined />,
      label: t('correlation.options.grid'),
      onClick: onToggleGrid,
    },
    {
      key: 'swapAxes',
      icon: <SwapOutlined />,
      label: t('correlation.options.swapAxes'),
      onClick: onSwapAxes,
    },
    {
      key: 'fixedRanges',
      icon: <ColumnWidthOutlined />,
      label: t('correlation.options.fixedRanges'),
      onClick: onFixedRanges,
    },
    ...(meter
      ? [
          {
            key: 'meter',
            icon: <BgColorsOutlined />,
            // Offers the other scale.
            label: t(
              meter.scale === 'sequential'
                ? 'correlation.options.divergent'
                : 'correlation.options.sequential',
            ),
            onClick: meter.onToggle,
          },
        ]
      : []),
    {
      key: 'evolution',
      icon: <LineChartOutlined />,
      label: t('correlation.options.evolution'),
      onClick: onEvolution,
    },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button>{t('correlation.options.label')}</Button>
    </Dropdown>
  );
}
