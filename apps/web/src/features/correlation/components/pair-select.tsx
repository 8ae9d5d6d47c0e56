import type { CorrelationPairOptionDto } from '@plantlens/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Pair } from '../correlation-query';
import { pairId } from '../multiple-correlation-query';
import { keepNewestPairs, MAX_MULTIPLE_CORRELATION_PAIRS } from '../pair-selection';

interface PairSelectProps {
  options: CorrelationPairOptionDto[];
  value: readonly Pair[];
  onChange: (pairs: Pair[]) => void;
  loading?: boolean;
  disabled?: boolean;
  'aria-label': string;
}

// The pairs of a multiple correlation: the options the tag filters make; past 4 the oldest pick goes.
export function PairSelect({
  options,
  value,
  onChange,
  loading,
  disabled,
  'aria-label': ariaLabel,
}: PairSelectProps) {
  const { t } = useTranslation();
  const byId = new Map(options.map((option) => [option.id, option]));
  return (
    <Select<string[]>
      aria-label={ariaLabel}
      style={{ width: '100%', minWidth: 280 }}
      mode="multiple"
      allowClear
      loading={loading}
      disabled={disabled}
      placeholder={t('correlation.multiple.pairsPlaceholder', { max: MAX_MULTIPLE_CORRELATION_PAIRS })}
      showSearch={{ optionFilterProp: 'label' }}
      options={options.map(({ id, label }) => ({ value: id, label }))}
      value={value.map(pairId)}
      // The chosen ids in the order picked, the newest last.
      onChange={(ids) =>
        onChange(
          keepNewestPairs(
            ids.flatMap((id) => {
              const option = byId.get(id);
              return option ? [{ x: option.x, y: option.y }] : [];
            }),
          ),
        )
      }
    />
  );
}
