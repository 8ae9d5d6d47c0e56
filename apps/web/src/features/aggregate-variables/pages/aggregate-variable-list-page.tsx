import { DeleteOutlined, EditOutlined, PlusOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { AggregateDependenciesDto, AggregateGoal, AggregateVariableDto } from '@plantlens/contracts';
import { App, Button, Flex, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router-dom';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { ArrivalAlert } from '../../../components/arrival-alert';
import { IconLink } from '../../../components/icon-link';
import { PageHeading } from '../../../components/page-heading';
import { ROUTES } from '../../../config/routes';
import { canAccessRoute } from '../../../lib/access';
import { useAccount } from '../../../lib/account-api';
import { httpStatus } from '../../../lib/http-status';
import { formatLongDate } from '../../../lib/long-date';
import { AGGREGATE_LIST_ROUTES, aggregateEditorPath } from '../aggregate-origin';
import { useDeleteAggregateVariableMutation, useGetAggregateVariablesQuery } from '../api';
import { BackfillProgress } from '../components/backfill-progress';
import { DependencyContent } from '../components/dependency-content';
import { useBackfillPolling } from '../use-backfill-polling';

const NO_AUTHORITIES: string[] = [];
const PAGE_SIZE = 10;

// The default order of each list (spec part 1 §2): the operated list newest first, the metrical list by
// name; the gradual list, which the spec does not describe, like the metrical one.
const DEFAULT_SORT: Record<AggregateGoal, 'createdAt' | 'name'> = {
  operated: 'createdAt',
  gradual: 'name',
  metrical: 'name',
};

export const OperatedVariableListPage = () => <AggregateVariableListPage goal="operated" />;
export const GradualVariableListPage = () => <AggregateVariableListPage goal="gradual" />;
export const MetricalVariableListPage = () => <AggregateVariableListPage goal="metrical" />;

// /aggregate-variable/{operated,gradual,metrical}/list (spec part 1 §2): the readable aggregates of one
// goal with the state of their history, refreshed while one is being calculated. Each row's icons follow its
// rights; sharing opens the permissions screen (type `variable`), which also needs UsersGroupsAndPermissions.
function AggregateVariableListPage({ goal }: { goal: AggregateGoal }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const authorities = useAccount().data?.authorities ?? NO_AUTHORITIES;
  const [pollingInterval, followBackfills] = useBackfillPolling();
  const variables = useGetAggregateVariablesQuery(goal, { pollingInterval });
  followBackfills(variables.data?.map(({ backfill }) => backfill) ?? []);
  const [deleteVariable] = useDeleteAggregateVariableMutation();
  const mayShare = canAccessRoute('Permissions', authorities);
  const listRoute = AGGREGATE_LIST_ROUTES[goal];
  const defaultSort = DEFAULT_SORT[goal];

  const remove = async (variable: AggregateVariableDto) => {
    const result = await deleteVariable(variable.id);
    if (!result.error) {
      void message.success(t('aggregateVariables.messages.deleted', { name: variable.name }));
      return;
    }
    const body =
      'data' in result.error ? (result.error.data as AggregateDependenciesDto | undefined) : undefined;
    if (httpStatus(result.error) === 409 && body) {
      modal.warning({
        title: t('aggregateVariables.messages.dependencies'),
        content: <DependencyContent dependencies={body} />,
        okText: t('aggregateVariables.messages.accept'),
      });
      return;
    }
    void message.error(t('aggregateVariables.messages.deleteError', { name: variable.name }));
  };

  const confirmDelete = (variable: AggregateVariableDto) =>
    modal.confirm({
      title: t('aggregateVariables.messages.deleteConfirm', { name: variable.name }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove(variable),
    });

  const columns: TableColumnsType<AggregateVariableDto> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('aggregateVariables.list.name'),
      sorter: (a, b) => a.name.localeCompare(b.name),
      defaultSortOrder: defaultSort === 'name' ? 'ascend' : undefined,
    },
    { key: 'unit', dataIndex: 'unit', title: t('aggregateVariables.list.unit') },
    { key: 'formula', dataIndex: 'formula', title: t('aggregateVariables.list.formula') },
    {
      key: 'createdAt',
      title: t('aggregateVariables.list.createdAt'),
      sorter: (a, b) => a.createdAt - b.createdAt,
      defaultSortOrder: defaultSort === 'createdAt' ? 'descend' : undefined,
      render: (_, variable) => formatLongDate(variable.createdAt * 1000, i18n.language),
    },
    {
      key: 'owner',
      dataIndex: 'owner',
      title: t(goal === 'operated' ? 'aggregateVariables.list.owner' : 'aggregateVariables.list.createdBy'),
      sorter: (a, b) => a.owner.localeCompare(b.owner),
    },
    {
      key: 'history',
      title: t('aggregateVariables.list.history'),
      render: (_, variable) => <BackfillProgress backfill={variable.backfill} name={variable.name} />,
    },
    {
      key: 'actions',
      width: 140,
      render: (_, variable) => (
        <Flex gap={4}>
          <IconLink
            to={generatePath(ROUTES.Permissions, { type: 'variable', id: String(variable.id) })}
            icon={<ShareAltOutlined />}
            label={t('aggregateVariables.list.share', { name: variable.name })}
            disabled={!variable.canShare || !mayShare}
          />
          <IconLink
            to={aggregateEditorPath(goal, { id: variable.id, origin: listRoute })}
            icon={<EditOutlined />}
            label={t('aggregateVariables.list.edit', { name: variable.name })}
            disabled={!variable.canEdit}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            disabled={!variable.canDelete}
            aria-label={t('aggregateVariables.list.delete', { name: variable.name })}
            onClick={() => confirmDelete(variable)}
          />
        </Flex>
      ),
    },
  ];

  return (
    <>
      <ArrivalAlert />
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <PageHeading backTo={ROUTES.AggregateVariableMenu} title={t(`routes.${listRoute}`)} level={3} />
        <Link to={aggregateEditorPath(goal, { origin: listRoute })}>
          <Button type="primary" icon={<PlusOutlined />}>
            {t('aggregateVariables.list.add')}
          </Button>
        </Link>
      </Flex>
      {variables.isError ? (
        <ApiErrorAlert title={t('aggregateVariables.list.loadError')} error={variables.error} />
      ) : (
        <Table<AggregateVariableDto>
          rowKey="id"
          loading={variables.isLoading}
          dataSource={variables.data ?? []}
          pagination={{ pageSize: PAGE_SIZE }}
          locale={{ emptyText: t('common.empty') }}
          columns={columns}
        />
      )}
    </>
  );
}
