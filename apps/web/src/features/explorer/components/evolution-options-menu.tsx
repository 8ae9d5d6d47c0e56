import { DownOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Tooltip, type MenuProps } from 'antd';
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
  // `disabledReason`: why an option does not apply, shown on hover, so a greyed item is not a riddle.
  const flag = (key: Flag, disabledReason?: string): NonNullable<MenuProps['items']>[number] => {
    const disabled = disabledReason !== undefined;
    // The item toggles; the checkbox only shows the state (and names it for assistive technology). An
    // option that does not apply shows unticked.
    const checkbox = (
      <Checkbox
        checked={options[key] && !disabled}
        disabled={disabled}
        tabIndex={-1}
        style={{ pointerEvents: 'none' }}
      >
        {t(`explorer.options.${key}`)}
      </Checkbox>
    );
    return {
      key,
      disabled,
      label: disabled ? (
        <Tooltip title={disabledReason} placement="left">
          <span>{checkbox}</span>
        </Tooltip>
      ) : (
        checkbox
      ),
    };
  };
  const fixedRange = options.fixedRange;
  const items: MenuProps['items'] = [
    flag(
      'singleAxis',
      singleAxisApplies(variableCount)
        ? undefined
        : t('explorer.options.singleAxisNotApplicable', { variables: variableCount }),
    ),
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
