import type { HistoricIncidenceRowDto } from '@plantlens/contracts';
import { Flex, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { FromToFilter } from '../../../components/date-range/from-to-filter';
import { PageHeading } from '../../../components/page-heading';
import { ROUTES } from '../../../config/routes';
import { useAccount } from '../../../lib/account-api';
import { useGetClosedIncidencesQuery } from '../api';
import { IncidenceRuleLink } from '../components/incidence-rule-link';
import { TagFilter } from '../components/tag-filter';
import {
  closedIncidencesRequest,
  defaultHistoricRange,
  resolvedAt,
  type HistoricRange,
} from '../historic-range';
import { showsOrigin } from '../incidence-access';
import { formatIncidenceDate } from '../incidence-format';
import { INCIDENCE_TABLE_PAGE_SIZE } from '../incidence-list-params';

const NO_AUTHORITIES: string[] = [];

// /incidence-historic/list (spec part 2 §2): the resolved incidences whose activity meets the From/To
// range (no future dates), narrowed by rule tags; a name opens the explorer over the incidence.
export function IncidenceHistoricPage() {
  const { t } = useTranslation();
  const authorities = useAccount().data?.authorities ?? NO_AUTHORITIES;
  const [range, setRange] = useState<HistoricRange>(() => defaultHistoricRange(Date.now()));
  const [tags, setTags] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const closed = useGetClosedIncidencesQuery(closedIncidencesRequest(range, tags, page), {
    refetchOnMountOrArgChange: true,
  });

  return (
    <Flex vertical gap={16}>
      <PageHeading backTo={ROUTES.IncidenceList} title={t('routes.IncidenceHistoric')} level={3} />
      <Flex align="center" wrap gap={16}>
        <FromToFilter
          value={range}
          onChange={(next) => {
            setRange(next);
            setPage(1);
          }}
        />
        <TagFilter
          value={tags}
          onChange={(next) => {
            setTags(next);
            setPage(1);
          }}
        />
      </Flex>
      {closed.isError ? (
        <ApiErrorAlert title={t('incidences.historic.loadError')} error={closed.error} />
      ) : (
        <Table<HistoricIncidenceRowDto>
          rowKey="id"
          loading={closed.isFetching}
          dataSource={closed.data?.data}
          locale={{ emptyText: t('common.empty') }}
          scroll={{ x: true }}
          pagination={{
            current: page,
            pageSize: INCIDENCE_TABLE_PAGE_SIZE,
            total: closed.data?.count ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            {
              key: 'name',
              title: t('incidences.list.columns.name'),
              render: (_, row) => (
                <IncidenceRuleLink
                  name={row.name}
                  ruleId={row.ruleId}
                  range={{
                    firstActivation: Date.parse(row.firstActivation),
                    lastActivation: Date.parse(row.lastActivation),
                  }}
                  origin="IncidenceHistoric"
                  variableIds={row.variableIds}
                />
              ),
            },
            {
              key: 'firstActivation',
              title: t('incidences.list.columns.firstActivation'),
              render: (_, row) => formatIncidenceDate(Date.parse(row.firstActivation)),
            },
            {
              key: 'lastActivation',
              title: t('incidences.list.columns.lastActivation'),
              render: (_, row) => formatIncidenceDate(Date.parse(row.lastActivation)),
            },
            {
              key: 'activations',
              title: t('incidences.list.columns.totalActivations'),
              align: 'right',
              dataIndex: 'numberOfRealActivations',
            },
            ...(showsOrigin(authorities, 'v1')
              ? [{ key: 'origin', title: t('incidences.list.columns.origin'), dataIndex: 'origin' as const }]
              : []),
            {
              key: 'resolvedAt',
              title: t('incidences.historic.resolvedAt'),
              render: (_, row) => {
                const resolved = resolvedAt(row.statusChanges);
                return resolved === null ? '-' : formatIncidenceDate(resolved);
              },
            },
          ]}
        />
      )}
    </Flex>
  );
}
