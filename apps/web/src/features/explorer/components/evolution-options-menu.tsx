import { DownOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { singleAxisApplies } from '../evolution-chart-options';
import type { EvolutionOptions } from '../explorer-query';

type Flag = 'singleAxis' | 'grid' | 'showPoints';

interface EvolutionOptionsMenuProps {
  options: EvolutionOptions;
  variableCount: number;
  onToggle: (flag: Flag) => void;
  onFixedRange: () => void;
  /** absent when the view cannot become a correlation (it needs 2 or 3 variables) */
  onCorrelation?: () => void;
}

// The options dropdown of the evolution chart (spec part 2 §4).
export function EvolutionOptionsMenu({
  options,
  variableCount,
  onToggle,
  onFixedRange,
  onCorrelation,
}: EvolutionOptionsMenuProps) {
  const { t } = useTranslation();
  const flag = (key: Flag, disabled = false): NonNullable<MenuProps['items']>[number] => ({
    key,
    disabled,
    // The item toggles; the checkbox only shows the state (and names it for assistive technology). An
    // option that does not apply shows unticked.
    label: (
      <Checkbox
        checked={options[key] && !disabled}
        disabled={disabled}
        tabIndex={-1}
        style={{ pointerEvents: 'none' }}
      >
        {t(`explorer.options.${key}`)}
      </Checkbox>
    ),
  });
  const fixedRange = options.fixedRange;
  const items: MenuProps['items'] = [
    flag('singleAxis', !singleAxisApplies(variableCount)),
    flag('grid'),
    flag('showPoints'),
    { type: 'divider' },
    {
      key: 'fixedRange',
      label: fixedRange
        ? t('explorer.options.fixedRangeSet', { min: fixedRange.min, max: fixedRange.max })
        : t('explorer.options.fixedRange'),
    },
    { key: 'correlation', label: t('explorer.options.correlation'), disabled: !onCorrelation },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'fixedRange') onFixedRange();
    else if (key === 'correlation') onCorrelation?.();
    else onToggle(key as Flag);
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button>
        {t('explorer.options.label')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
