import { HistoryOutlined } from '@ant-design/icons';
import type { IncidenceStatus } from '@plantlens/contracts';
import { App, Button, Checkbox, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { RefreshStatus } from '../../../components/refresh-status';
import { ROUTES } from '../../../config/routes';
import { usePageTrail } from '../../../components/page-breadcrumb';
import {
  useChangeIncidenceStatusMutation,
  useManageIncidenceRuleMutation,
  useResolveIncidenceMutation,
} from '../api';
import { GravityLegend } from '../components/gravity-legend';
import { IncidenceTable } from '../components/incidence-table';
import { TagFilter } from '../components/tag-filter';
import { useIncidenceSummaries } from '../hooks/use-incidence-summaries';
import {
  incidenceListBackRoute,
  incidenceListSearch,
  incidenceListTrail,
  readIncidenceListParams,
  SELECTABLE_STATUSES,
  withFilters,
  type IncidenceListParams,
} from '../incidence-list-params';
import type { IncidenceRow } from '../incidence-rows';

// /incidence/list (spec part 2 §2): the open incidence summaries with their status handling, filtered by
// status, rule tags, recent activity and (from the map) asset, all kept in the address. The list reloads by
// itself (live-refresh.ts); status changes and resolutions say how they went, and Resolve asks first.
export function IncidenceListPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const params = readIncidenceListParams(searchParams);
  const summaries = useIncidenceSummaries(params);
  const [changeStatus, statusChange] = useChangeIncidenceStatusMutation();
  const [resolve, resolution] = useResolveIncidenceMutation();
  const [manageRule] = useManageIncidenceRuleMutation();
  const changedAt = Math.max(statusChange.fulfilledTimeStamp ?? 0, resolution.fulfilledTimeStamp ?? 0);
  // Spec §4's wait applies to the reload a change causes and to other rows being fetched; the periodic
  // reload of the same rows is quiet (no spinner over the table, selectors stay usable).
  const reloading =
    statusChange.isLoading ||
    resolution.isLoading ||
    summaries.isFetchingOthers ||
    (summaries.isFetching && changedAt > (summaries.updatedAt ?? 0));
  usePageTrail(incidenceListTrail(params));

  // Written as text: URLSearchParams would encode the commas of the lists.
  const show = (next: IncidenceListParams) => void navigate({ search: incidenceListSearch(next) });
  const filter = (changes: Parameters<typeof withFilters>[1]) => show(withFilters(params, changes));

  // Spec §4: ignored while the table reloads, or when the status is the row's already.
  const onStatus = async (row: IncidenceRow, status: IncidenceStatus) => {
    if (reloading || status === row.status) return;
    const result = await changeStatus({ id: row.id, status });
    if (result.error) void message.error(t('incidences.list.statusError', { name: row.name }));
    else {
      const label = t(`incidences.statuses.${status}`);
      void message.success(t('incidences.list.statusChanged', { name: row.name, status: label }));
    }
  };
  // No Undo: the server never reopens a resolved summary (the rule's next activation opens a new one).
  const onResolve = (row: IncidenceRow) => {
    if (reloading) return;
    modal.confirm({
      title: t('incidences.list.resolveConfirm', { name: row.name }),
      content: t('incidences.list.resolveConfirmDetail'),
      okText: t('incidences.list.resolve'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const result = await resolve(row.id);
        if (result.error) void message.error(t('incidences.list.resolveError', { name: row.name }));
        else void message.success(t('incidences.list.resolved', { name: row.name }));
      },
    });
  };
  const onEnabled = async (row: IncidenceRow, enabled: boolean) => {
    const result = await manageRule({ ruleId: row.ruleId, enabled });
    if (result.error) void message.error(t('incidences.list.enabledError', { name: row.name }));
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={16}>
        <PageHeading
          backTo={ROUTES[incidenceListBackRoute(params)]}
          title={t('routes.IncidenceList')}
          level={3}
        />
        <Flex align="center" wrap gap={16}>
          <RefreshStatus
            updatedAt={summaries.updatedAt}
            refreshing={summaries.isFetching}
            onRefresh={summaries.refetch}
          />
          <Link to={ROUTES.IncidenceHistoric}>
            <Button icon={<HistoryOutlined />}>{t('incidences.list.historic')}</Button>
          </Link>
        </Flex>
      </Flex>
      <Flex justify="space-between" align="center" wrap gap={16}>
        <Flex align="center" wrap gap={16}>
          <Select<IncidenceStatus>
            allowClear
            aria-label={t('incidences.filters.status')}
            placeholder={t('incidences.filters.status')}
            style={{ width: 180 }}
            value={params.status}
            options={SELECTABLE_STATUSES.map((status) => ({
              value: status,
              label: t(`incidences.statuses.${status}`),
            }))}
            onChange={(status) => filter({ status })}
          />
          <TagFilter value={params.tags} onChange={(tags) => filter({ tags })} />
          <Checkbox
            checked={params.last30Days}
            onChange={(event) => filter({ last30Days: event.target.checked })}
          >
            {t('incidences.filters.last30Days')}
          </Checkbox>
        </Flex>
        <GravityLegend />
      </Flex>
      {summaries.isError ? (
        <ApiErrorAlert title={t('incidences.list.loadError')} error={summaries.error} />
      ) : (
        <IncidenceTable
          rows={summaries.rows}
          totalItems={summaries.totalItems}
          params={params}
          reloading={reloading}
          showOrigin={summaries.showsOrigin}
          onPage={(page) => show({ ...params, page })}
          onSort={(sortField, sortOrder) => show({ ...params, sortField, sortOrder, page: 1 })}
          onNameFilter={(text) => filter({ filter: text.trim() })}
          onStatus={(row, status) => void onStatus(row, status)}
          onResolve={onResolve}
          onEnabled={(row, enabled) => void onEnabled(row, enabled)}
        />
      )}
    </Flex>
  );
}
