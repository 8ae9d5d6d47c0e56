import { SearchOutlined } from '@ant-design/icons';
import type { VariableMinimalDto } from '@plantlens/contracts';
import { Checkbox, Empty, Flex, Input, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterVariables } from '../variable-search';

// Spec: the picker lists at most 30 variables and tells how many more match.
export const PICKER_VISIBLE_LIMIT = 30;

interface VariablePickerProps {
  variables: VariableMinimalDto[];
  selectedIds: number[];
  maxSelected: number;
  onChange: (selectedIds: number[]) => void;
}

export function VariablePicker({ variables, selectedIds, maxSelected, onChange }: VariablePickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const matches = useMemo(() => filterVariables(variables, search), [variables, search]);
  const shown = matches.slice(0, PICKER_VISIBLE_LIMIT);
  const selected = new Set(selectedIds);
  const full = selectedIds.length >= maxSelected;
  // Selected variables stay visible (and removable) whatever the search shows.
  const selectedVariables = variables.filter(({ id }) => selected.has(id));

  const toggle = (id: number) =>
    onChange(selected.has(id) ? selectedIds.filter((selectedId) => selectedId !== id) : [...selectedIds, id]);

  return (
    <Flex vertical gap={8}>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('explorer.picker.search')}
        aria-label={t('explorer.picker.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <Typography.Text type="secondary">
        {t('explorer.picker.selected', { count: selectedIds.length, max: maxSelected })}
      </Typography.Text>
      {selectedVariables.length > 0 && (
        <Flex wrap gap={4}>
          {selectedVariables.map(({ id, label }) => (
            <Tag
              key={id}
              closable={{ 'aria-label': t('explorer.picker.deselect', { label }) }}
              onClose={() => toggle(id)}
            >
              {label}
            </Tag>
          ))}
        </Flex>
      )}
      {shown.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t(variables.length === 0 ? 'explorer.picker.empty' : 'explorer.picker.noMatch')}
        />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map(({ id, label, unit, clientReference }) => (
            <li key={id} data-testid={`variable-option-${clientReference}`}>
              <Checkbox
                checked={selected.has(id)}
                disabled={full && !selected.has(id)}
                onChange={() => toggle(id)}
                style={{ width: '100%', paddingBlock: 4 }}
              >
                {label}
                {unit && <Typography.Text type="secondary"> ({unit})</Typography.Text>}
              </Checkbox>
            </li>
          ))}
        </ul>
      )}
      {matches.length > shown.length && (
        <Typography.Text type="secondary">
          {t('explorer.picker.more', { count: matches.length - shown.length })}
        </Typography.Text>
      )}
    </Flex>
  );
}
