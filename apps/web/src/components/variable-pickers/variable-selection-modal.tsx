import { SearchOutlined } from '@ant-design/icons';
import type { VariableMinimalDto } from '@plantlens/contracts';
import { Checkbox, Empty, Flex, Input, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVariableSearch } from './use-variable-search';
import { MoreMatches, PICKER_VISIBLE_LIMIT, VariableOptionLabel } from './variable-option';

interface VariableSelectionModalProps {
  /** the variables of the rows when the modal opens */
  initial: VariableMinimalDto[];
  maxSelected: number;
  onConfirm: (variables: VariableMinimalDto[]) => void;
  onCancel: () => void;
}

// The multiple-selection modal of the parameter selection: tick variables from a search; select-all ticks
// the (at most 30) listed ones. Enter confirms and Escape cancels (spec part 2 §5).
export function VariableSelectionModal({
  initial,
  maxSelected,
  onConfirm,
  onCancel,
}: VariableSelectionModalProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<VariableMinimalDto[]>(initial);
  const search = useVariableSearch(text);
  const matches = search.data ?? [];
  const listed = matches.slice(0, PICKER_VISIBLE_LIMIT);
  const selectedIds = new Set(selected.map(({ id }) => id));
  const allListedSelected = listed.length > 0 && listed.every(({ id }) => selectedIds.has(id));
  const someListedSelected = listed.some(({ id }) => selectedIds.has(id));
  const full = selected.length >= maxSelected;

  const toggle = (variable: VariableMinimalDto) =>
    setSelected(
      selectedIds.has(variable.id)
        ? selected.filter(({ id }) => id !== variable.id)
        : [...selected, variable].slice(0, maxSelected),
    );
  const toggleListed = () =>
    setSelected(
      allListedSelected
        ? selected.filter(({ id }) => !listed.some((variable) => variable.id === id))
        : [...selected, ...listed.filter(({ id }) => !selectedIds.has(id))].slice(0, maxSelected),
    );

  return (
    <Modal
      open
      title={t('variablePicker.multipleSelection')}
      okText={t('variablePicker.confirmSelection')}
      onOk={() => onConfirm(selected)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Flex
        vertical
        gap={8}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onConfirm(selected);
          }
        }}
      >
        <Input
          allowClear
          autoFocus
          prefix={<SearchOutlined />}
          placeholder={t('variablePicker.search')}
          aria-label={t('variablePicker.search')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Flex justify="space-between" align="center">
          <Checkbox
            checked={allListedSelected}
            indeterminate={someListedSelected && !allListedSelected}
            disabled={listed.length === 0}
            onChange={toggleListed}
          >
            {t('variablePicker.selectAll')}
          </Checkbox>
          <Typography.Text type="secondary">
            {t('variablePicker.selected', { count: selected.length, max: maxSelected })}
          </Typography.Text>
        </Flex>
        {search.isFetching && listed.length === 0 ? (
          <Spin aria-label={t('app.loading')} />
        ) : listed.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('variablePicker.noMatch')} />
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 360, overflowY: 'auto' }}>
            {listed.map((variable) => (
              <li key={variable.id}>
                <Checkbox
                  checked={selectedIds.has(variable.id)}
                  disabled={full && !selectedIds.has(variable.id)}
                  onChange={() => toggle(variable)}
                  style={{ width: '100%', paddingBlock: 4 }}
                >
                  <VariableOptionLabel variable={variable} />
                </Checkbox>
              </li>
            ))}
          </ul>
        )}
        <MoreMatches matches={matches} />
      </Flex>
    </Modal>
  );
}
