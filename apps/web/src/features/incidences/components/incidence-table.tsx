import { CheckCircleOutlined } from '@ant-design/icons';
import type { IncidenceSortField, IncidenceStatus } from '@plantlens/contracts';
import { Button, Flex, Select, Switch, Table, Tag, Tooltip, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { gravityColour } from '../gravity-scale';
import { formatGravity, formatIncidenceDate } from '../incidence-format';
import {
  INCIDENCE_TABLE_PAGE_SIZE,
  SELECTABLE_STATUSES,
  type IncidenceListParams,
  type SortOrder,
} from '../incidence-list-params';
import type { IncidenceRow } from '../incidence-rows';
import { EvolutionStrip } from './evolution-strip';
import { IncidenceRuleLink } from './incidence-rule-link';
import { textColumnFilter } from './text-column-filter';

interface IncidenceTableProps {
  rows: IncidenceRow[];
  totalItems: number;
  params: IncidenceListParams;
  /** the list is loading or reloading: the status selectors wait (spec §4) */
  reloading: boolean;
  showOrigin: boolean;
  onPage: (page: number) => void;
  onSort: (sortField: IncidenceSortField, sortOrder: SortOrder) => void;
  onNameFilter: (text: string) => void;
  onStatus: (row: IncidenceRow, status: IncidenceStatus) => void;
  onResolve: (row: IncidenceRow) => void;
  onEnabled: (row: IncidenceRow, enabled: boolean) => void;
}

const antdOrder = (order: SortOrder) => (order === 'asc' ? ('ascend' as const) : ('descend' as const));

// Rule names and origins hold long words (variable references): breaking them anywhere lets the table fit
// its container at 1440 px instead of growing past it.
const breakAnywhere = () => ({ style: { overflowWrap: 'anywhere' as const, minWidth: 80 } });

// The incidence summaries (spec §2, §3): paged, sorted and filtered by the server; each row's status is
// set with its selector and SOLVED with Resolve.
export function IncidenceTable({
  rows,
  totalItems,
  params,
  reloading,
  showOrigin,
  onPage,
  onSort,
  onNameFilter,
  onStatus,
  onResolve,
  onEnabled,
}: IncidenceTableProps) {
  const { t, i18n } = useTranslation();
  const sortable = (field: IncidenceSortField) => ({
    key: field,
    sorter: true,
    sortOrder: params.sortField === field ? antdOrder(params.sortOrder) : null,
  });

  const onChange: TableProps<IncidenceRow>['onChange'] = (pagination, filters, sorter, { action }) => {
    if (action === 'paginate') onPage(pagination.current ?? 1);
    if (action === 'filter') onNameFilter(String(filters.name?.[0] ?? ''));
    if (action === 'sort' && !Array.isArray(sorter)) {
      // A third click on a column clears its order: back to the default, gravity descending.
      if (sorter.order)
        onSort(sorter.columnKey as IncidenceSortField, sorter.order === 'ascend' ? 'asc' : 'desc');
      else onSort('gravity', 'desc');
    }
  };

  return (
    <Table<IncidenceRow>
      rowKey="id"
      loading={reloading}
      dataSource={rows}
      onChange={onChange}
      locale={{ emptyText: t('common.empty') }}
      scroll={{ x: true }}
      pagination={{
        current: params.page,
        pageSize: INCIDENCE_TABLE_PAGE_SIZE,
        total: totalItems,
        showSizeChanger: false,
      }}
      columns={[
        {
          ...sortable('name'),
          title: t('incidences.list.columns.name'),
          filteredValue: params.filter ? [params.filter] : null,
          ...textColumnFilter<IncidenceRow>(t('incidences.list.searchName'), (row) => row.name),
          // The server filters: every row it sends matches.
          onFilter: undefined,
          onCell: breakAnywhere,
          render: (_, row) => (
            <IncidenceRuleLink
              name={row.name}
              ruleId={row.ruleId}
              range={row}
              origin="IncidenceList"
              variableIds={row.variableIds}
            />
          ),
        },
        {
          key: 'enabled',
          title: t('incidences.list.columns.enabled'),
          render: (_, row) => (
            <Switch
              size="small"
              checked={row.enabled}
              disabled={!row.canEdit}
              aria-label={t('incidences.list.enabledOf', { name: row.name })}
              onChange={(enabled) => onEnabled(row, enabled)}
            />
          ),
        },
        {
          ...sortable('gravity'),
          title: t('incidences.list.columns.gravity'),
          align: 'right',
          render: (_, row) => (
            <Tag color={gravityColour(row.gravityPercent)} style={{ marginInlineEnd: 0 }}>
              {formatGravity(row.gravityPercent, i18n.language)}
            </Tag>
          ),
        },
        {
          ...sortable('firstActivation'),
          title: t('incidences.list.columns.firstActivation'),
          render: (_, row) => formatIncidenceDate(row.firstActivation),
        },
        {
          ...sortable('lastActivation'),
          title: t('incidences.list.columns.lastActivation'),
          render: (_, row) => formatIncidenceDate(row.lastActivation),
        },
        {
          ...sortable('totalActivations'),
          title: t('incidences.list.columns.totalActivations'),
          align: 'right',
          dataIndex: 'totalActivations',
        },
        ...(showOrigin
          ? [
              {
                key: 'origin',
                title: t('incidences.list.columns.origin'),
                dataIndex: 'origin' as const,
                onCell: breakAnywhere,
              },
            ]
          : []),
        {
          key: 'evolution',
          title: t('incidences.list.columns.evolution'),
          render: (_, row) => <EvolutionStrip days={row.days} name={row.name} />,
        },
        {
          ...sortable('status'),
          title: t('incidences.list.columns.status'),
          // Status and Resolve share the last column, kept in view should the table ever scroll (a
          // narrower window): Resolve is never clipped.
          fixed: 'right',
          render: (_, row) => (
            <Flex align="center" gap={4}>
              <Select<IncidenceStatus>
                aria-label={t('incidences.list.statusOf', { name: row.name })}
                value={row.status}
                disabled={reloading || !row.canEdit}
                style={{ width: 116 }}
                options={SELECTABLE_STATUSES.map((status) => ({
                  value: status,
                  label: t(`incidences.statuses.${status}`),
                }))}
                onChange={(status) => onStatus(row, status)}
              />
              <Tooltip title={t('incidences.list.resolve')}>
                <Button
                  type="text"
                  icon={<CheckCircleOutlined />}
                  disabled={reloading || !row.canEdit}
                  aria-label={t('incidences.list.resolveOf', { name: row.name })}
                  onClick={() => onResolve(row)}
                />
              </Tooltip>
            </Flex>
          ),
        },
      ]}
    />
  );
}
