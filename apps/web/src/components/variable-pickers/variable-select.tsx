import type { VariableMinimalDto } from '@plantlens/contracts';
import { Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVariableSearch } from './use-variable-search';
import {
  MoreMatches,
  PICKER_LIST_HEIGHT_PX,
  PICKER_VISIBLE_LIMIT,
  VariableOptionLabel,
} from './variable-option';

interface VariableOption {
  value: number;
  label: string;
  variable: VariableMinimalDto;
  disabled: boolean;
}

interface VariableSelectProps {
  value: VariableMinimalDto | null;
  /** variables chosen in other rows, which this one may not repeat */
  takenIds: readonly number[];
  onChange: (variable: VariableMinimalDto) => void;
  disabled?: boolean;
  'aria-label': string;
}

// One variable row of the parameter selection: a search box over the server's variables.
export function VariableSelect({
  value,
  takenIds,
  onChange,
  disabled,
  'aria-label': ariaLabel,
}: VariableSelectProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useVariableSearch(text);
  const matches = search.data ?? [];
  const listed = matches.slice(0, PICKER_VISIBLE_LIMIT);
  // The chosen variable stays an option, so its label shows whatever the search lists.
  const variables = value && !listed.some(({ id }) => id === value.id) ? [value, ...listed] : listed;

  return (
    <Select<number, VariableOption>
      aria-label={ariaLabel}
      disabled={disabled}
      style={{ width: '100%' }}
      placeholder={t('variablePicker.placeholder')}
      value={value?.id}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      virtual={false}
      listHeight={PICKER_LIST_HEIGHT_PX}
      loading={search.isFetching}
      notFoundContent={search.isFetching ? <Spin size="small" /> : t('variablePicker.noMatch')}
      options={variables.map((variable): VariableOption => ({
        value: variable.id,
        label: variable.label,
        variable,
        disabled: variable.id !== value?.id && takenIds.includes(variable.id),
      }))}
      optionRender={({ data }) => <VariableOptionLabel variable={data.variable} />}
      popupRender={(menu) => (
        <>
          {menu}
          <MoreMatches matches={matches} />
        </>
      )}
      onChange={(_id, option) => {
        if (option && !Array.isArray(option)) onChange(option.variable);
      }}
      onOpenChange={(open) => !open && setText('')}
    />
  );
}
