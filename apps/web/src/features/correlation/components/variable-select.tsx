import type { VariableMinimalDto } from '@plantlens/contracts';
import { Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PICKER_VISIBLE_LIMIT } from '../../explorer/components/variable-picker';
import { filterVariables } from '../../explorer/variable-search';

interface VariableSelectProps {
  variables: VariableMinimalDto[];
  value: number | null;
  /** variables other selectors hold, which this one may not take */
  takenIds: readonly number[];
  onChange: (id: number | null) => void;
  placeholder: string;
  disabled?: boolean;
  'aria-label': string;
}

// One variable of a correlation: a search over the variables, listing at most 30 matches and how many more
// there are (spec part 2 §2).
export function VariableSelect({
  variables,
  value,
  takenIds,
  onChange,
  placeholder,
  disabled,
  'aria-label': ariaLabel,
}: VariableSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const matches = useMemo(() => filterVariables(variables, search), [variables, search]);
  const listed = matches.slice(0, PICKER_VISIBLE_LIMIT);
  // The chosen variable stays an option, so its label shows whatever the search lists.
  const chosen = variables.find(({ id }) => id === value);
  const options = chosen && !listed.includes(chosen) ? [chosen, ...listed] : listed;

  return (
    <Select<number>
      aria-label={ariaLabel}
      style={{ width: '100%' }}
      placeholder={placeholder}
      disabled={disabled}
      allowClear
      // Every listed option in the page (at most 31): no virtual scrolling to get wrong.
      virtual={false}
      value={value ?? undefined}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      notFoundContent={t('correlation.variable.noMatch')}
      options={options.map(({ id, label, unit, clientReference }) => ({
        value: id,
        label: unit ? `${label} (${unit})` : label,
        clientReference,
        disabled: id !== value && takenIds.includes(id),
      }))}
      optionRender={({ label, data }) => (
        <span data-testid={`variable-option-${data.clientReference}`}>{label}</span>
      )}
      popupRender={(menu) => (
        <>
          {menu}
          {matches.length > listed.length && (
            <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 12px' }}>
              {t('correlation.variable.more', { count: matches.length - listed.length })}
            </Typography.Text>
          )}
        </>
      )}
      onChange={(id) => onChange(id ?? null)}
      onOpenChange={(open) => !open && setSearch('')}
    />
  );
}
