import {
  VARIABLE_PAGE_SIZE,
  type CategoryGroupDto,
  type VariableListRowDto,
  type VariableOrderField,
  type VariableOrigin,
} from '@plantlens/contracts';
import { Flex, Input, Table, Tag, Tooltip, Typography, type TableColumnType } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useEffect, useReducer, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { VARIABLE_TABLE_FILTER_DEBOUNCE_MS } from '../../config/ui';
import { useDebouncedValue } from '../../lib/use-debounced';
import { useGetVariablePageQuery } from '../../lib/variable-api';
import { ApiErrorAlert } from '../api-error-alert';
import { IconLink } from '../icon-link';
import { variableEditPath, type VariableListOrigin } from './variable-edit-path';
import { INITIAL_VARIABLE_TABLE_STATE, variableTableReducer } from './variable-table-state';

export type VariableColumn = 'reference' | 'name' | 'unit' | 'tags' | 'origin' | 'type';
const ALL_COLUMNS: VariableColumn[] = ['reference', 'name', 'unit', 'tags', 'origin', 'type'];
const SORTED_BY: Partial<Record<VariableColumn, VariableOrderField>> = {
  reference: 'clientReference',
  name: 'name',
  unit: 'unit',
};
const NO_TAGS: number[] = [];

interface VariableTableProps {
  'aria-label': string;
  columns?: VariableColumn[];
  origin?: VariableOrigin;
  /** variables must carry these tags (or tags under them) */
  tags?: number[];
  /** the categorical groups, for the type column's tooltip */
  categoryGroups?: CategoryGroupDto[];
  /** an edit icon on each row, opening the variable's editor, which returns to this screen */
  editFrom?: VariableListOrigin;
  /** checkboxes: the chosen variables, kept across pages; the header box (de)selects the page shown */
  selection?: { selectedIds: number[]; onChange: (selectedIds: number[]) => void };
}

// The variable table of part 1 §2 (variable management, raw variable list, taxonomy, tag assignment): the
// server filters (500 ms after typing stops), sorts and pages by 10; a header click toggles the sort and a
// new filter, sort or tag choice goes back to page 1 (§4).
export function VariableTable({
  'aria-label': ariaLabel,
  columns = ALL_COLUMNS,
  origin = 'all',
  tags = NO_TAGS,
  categoryGroups,
  editFrom,
  selection,
}: VariableTableProps) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(variableTableReducer, INITIAL_VARIABLE_TABLE_STATE);
  const [filterText, setFilterText] = useState('');
  const filter = useDebouncedValue(filterText.trim(), VARIABLE_TABLE_FILTER_DEBOUNCE_MS);
  useEffect(() => dispatch({ type: 'filter', filter }), [filter]);
  const tagKey = tags.join(',');
  useEffect(() => dispatch({ type: 'restart' }), [tagKey]);
  const page = useGetVariablePageQuery({ ...state, tags, origin });

  const sortOrder = (column: VariableColumn): TableColumnType<VariableListRowDto>['sortOrder'] =>
    SORTED_BY[column] === state.orderField ? (state.order === 'asc' ? 'ascend' : 'descend') : null;
  const groupOf = (categoryId: number | null) => categoryGroups?.find((group) => group.id === categoryId);
  const definitions: Record<VariableColumn, TableColumnType<VariableListRowDto>> = {
    reference: { key: 'reference', title: t('variableTable.reference'), dataIndex: 'clientReference' },
    name: { key: 'name', title: t('variableTable.name'), dataIndex: 'name' },
    unit: { key: 'unit', title: t('variableTable.unit'), dataIndex: 'unit' },
    tags: {
      key: 'tags',
      title: t('variableTable.tags'),
      render: (_, variable) => variable.tags.map((tag) => <Tag key={tag.id}>{tag.name}</Tag>),
    },
    origin: {
      key: 'origin',
      title: t('variableTable.origin'),
      render: (_, variable) => t(variable.aggregate ? 'variableTable.aggregate' : 'variableTable.raw'),
    },
    type: {
      key: 'type',
      title: t('variableTable.type'),
      render: (_, variable) => {
        if (!variable.categorized) return t('variableTable.quantitative');
        const group = groupOf(variable.categoryId);
        const categories = group ? (
          <>
            <Typography.Text strong style={{ color: 'inherit' }}>
              {t('variableTable.categoryValues', { name: group.name })}
            </Typography.Text>
            {group.ranges.map((range) => (
              <div key={range.value}>
                {range.value}: {range.name}
              </div>
            ))}
          </>
        ) : (
          t('variableTable.categoriesUnknown')
        );
        return (
          <Tooltip title={categories}>
            <Typography.Text underline>{t('variableTable.categorical')}</Typography.Text>
          </Tooltip>
        );
      },
    },
  };
  const tableColumns = columns.map((column) => {
    const field = SORTED_BY[column];
    const definition = definitions[column];
    // The server sorts: antd only shows the arrow and reports the click.
    return field ? { ...definition, sorter: true, sortOrder: sortOrder(column) } : definition;
  });
  if (editFrom)
    tableColumns.push({
      key: 'edit',
      width: 60,
      render: (_, variable) => (
        <IconLink
          to={variableEditPath(variable, editFrom)}
          icon={<EditOutlined />}
          label={t('variableTable.edit', { name: variable.name })}
        />
      ),
    });

  const rows = page.data?.variables ?? [];
  const selectedIds = selection?.selectedIds ?? [];
  return (
    <Flex vertical gap={8}>
      <Input.Search
        aria-label={t('variableTable.filter')}
        placeholder={t('variableTable.filter')}
        allowClear
        value={filterText}
        onChange={(event) => setFilterText(event.target.value)}
        style={{ maxWidth: 360 }}
      />
      {page.isError ? (
        <ApiErrorAlert title={t('variableTable.loadError')} error={page.error} />
      ) : (
        <Table<VariableListRowDto>
          aria-label={ariaLabel}
          rowKey="id"
          size="small"
          loading={page.isFetching}
          dataSource={rows}
          columns={tableColumns}
          locale={{ emptyText: t('common.empty') }}
          rowSelection={
            selection && {
              selectedRowKeys: selectedIds.filter((id) => rows.some((row) => row.id === id)),
              getCheckboxProps: (variable) => ({
                'aria-label': t('variableTable.select', { name: variable.name }),
              }),
              // antd reports the page's boxes only: choices on other pages are kept.
              onChange: (keys: Key[]) => {
                const onPage = new Set(rows.map((row) => row.id));
                selection.onChange([...selectedIds.filter((id) => !onPage.has(id)), ...keys.map(Number)]);
              },
            }
          }
          pagination={{
            current: state.page,
            pageSize: VARIABLE_PAGE_SIZE,
            total: page.data?.count ?? 0,
            showSizeChanger: false,
            showTotal: (count) => t('variableTable.total', { count }),
          }}
          onChange={(pagination, _filters, sorter, { action }) => {
            if (action === 'paginate') dispatch({ type: 'page', page: pagination.current ?? 1 });
            if (action === 'sort' && !Array.isArray(sorter)) {
              const field = SORTED_BY[sorter.columnKey as VariableColumn];
              if (field) dispatch({ type: 'sort', field });
            }
          }}
        />
      )}
    </Flex>
  );
}
