import type { VariableMinimalDto } from '@plantlens/contracts';
import { Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVariableSearch } from './use-variable-search';
import {
  MoreMatches,
  PICKER_VISIBLE_LIMIT,
  PICKER_LIST_HEIGHT_PX,
  VariableOptionLabel,
} from './variable-option';

interface VariableMultiSelectProps {
  /** optional so that an antd Form.Item can hand value and onChange in */
  value?: VariableMinimalDto[];
  onChange?: (variables: VariableMinimalDto[]) => void;
  /** only variables carrying these tags (or their descendants) are searched */
  tags?: number[];
  disabled?: boolean;
  'aria-label': string;
}

// Several variables from a search over the server's variables, optionally narrowed by tags.
export function VariableMultiSelect({
  value = [],
  onChange,
  tags,
  disabled,
  'aria-label': ariaLabel,
}: VariableMultiSelectProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useVariableSearch(text, tags);
  const matches = search.data ?? [];
  const chosenIds = new Set(value.map(({ id }) => id));
  // The chosen variables stay options, so their labels show whatever the search lists.
  const variables = [
    ...value,
    ...matches.slice(0, PICKER_VISIBLE_LIMIT).filter(({ id }) => !chosenIds.has(id)),
  ];
  const byId = new Map(variables.map((variable) => [variable.id, variable]));

  return (
    <Select<number[]>
      aria-label={ariaLabel}
      disabled={disabled}
      mode="multiple"
      style={{ width: '100%' }}
      placeholder={t('variablePicker.placeholder')}
      value={value.map(({ id }) => id)}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      virtual={false}
      listHeight={PICKER_LIST_HEIGHT_PX}
      loading={search.isFetching}
      notFoundContent={search.isFetching ? <Spin size="small" /> : t('variablePicker.noMatch')}
      options={variables.map((variable) => ({ value: variable.id, label: variable.label, variable }))}
      optionRender={({ data }) => <VariableOptionLabel variable={data.variable} />}
      popupRender={(menu) => (
        <>
          {menu}
          <MoreMatches matches={matches} />
        </>
      )}
      onChange={(ids) => onChange?.(ids.flatMap((id) => byId.get(id) ?? []))}
      onOpenChange={(open) => !open && setText('')}
    />
  );
}
