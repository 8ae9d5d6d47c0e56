import {
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  ShareAltOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import { hasFeature, type QueryDto } from '@plantlens/contracts';
import { App, Button, Flex, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, generatePath, useSearchParams } from 'react-router-dom';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { ArrivalAlert } from '../../../components/arrival-alert';
import { IconLink } from '../../../components/icon-link';
import { PageHeading } from '../../../components/page-heading';
import { ROUTES } from '../../../config/routes';
import { canAccessRoute } from '../../../lib/access';
import { useAccount } from '../../../lib/account-api';
import { usePageTrail } from '../../../components/page-breadcrumb';
import {
  QUERY_LIST_CACHE_SECONDS,
  useDeleteQueryMutation,
  useGetQueriesQuery,
  useUpdateQueryMutation,
} from '../api';
import {
  openQueryPath,
  queriesOfKind,
  queryEditPath,
  queryListBackPath,
  queryListTrail,
  queryListTitleKey,
  readQueryListParams,
} from '../query-list-params';

const NO_AUTHORITIES: string[] = [];

// /query/list (spec part 1 §2): the queries the user may read, favourites first then by name (the
// server's `order`), narrowed to one explorer kind by `filter`. Each row's icons follow its rights;
// sharing opens the permissions screen, which also needs the UsersGroupsAndPermissions feature.
export function QueryListPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [searchParams] = useSearchParams();
  const params = readQueryListParams(searchParams);
  const authorities = useAccount().data?.authorities ?? NO_AUTHORITIES;
  const queries = useGetQueriesQuery(params.tags, { refetchOnMountOrArgChange: QUERY_LIST_CACHE_SECONDS });
  const [updateQuery] = useUpdateQueryMutation();
  const [deleteQuery] = useDeleteQueryMutation();
  const title = t(queryListTitleKey(params.filter));
  usePageTrail(queryListTrail(params));
  const mayShare = canAccessRoute('Permissions', authorities);

  const toggleStar = async (query: QueryDto) => {
    const result = await updateQuery({ id: query.id, name: query.name, star: !query.star });
    if (result.error) void message.error(t('queries.updateError', { name: query.name }));
  };

  const confirmDelete = (query: QueryDto) =>
    modal.confirm({
      title: t('queries.deleteConfirm', { name: query.name }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        const result = await deleteQuery(query.id);
        if (result.error) void message.error(t('queries.deleteError', { name: query.name }));
        else void message.success(t('queries.deleted', { name: query.name }));
      },
    });

  if (queries.isError) return <ApiErrorAlert title={t('queries.loadError')} error={queries.error} />;
  return (
    <>
      <ArrivalAlert />
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <PageHeading backTo={queryListBackPath(params)} title={title} level={3} />
        {hasFeature(authorities, 'Explore') && (
          <Link to={ROUTES.Explore}>
            <Button type="primary" icon={<PlusOutlined />}>
              {t('queries.add')}
            </Button>
          </Link>
        )}
      </Flex>
      <Table<QueryDto>
        rowKey="id"
        loading={queries.isLoading}
        dataSource={queriesOfKind(queries.data ?? [], params.filter)}
        pagination={{ pageSize: 10 }}
        locale={{ emptyText: t('common.empty') }}
        columns={[
          // The hidden `order` column: the server's ordering is the default one.
          {
            key: 'star',
            width: 60,
            title: t('queries.star'),
            render: (_, query) => (
              <Tooltip title={query.mine ? undefined : t('queries.starOwnerOnly')}>
                <Button
                  type="text"
                  icon={query.star ? <StarFilled style={{ color: '#fadb14' }} /> : <StarOutlined />}
                  aria-label={t('queries.starOf', { name: query.name })}
                  aria-pressed={query.star}
                  disabled={!query.mine}
                  onClick={() => void toggleStar(query)}
                />
              </Tooltip>
            ),
          },
          {
            key: 'name',
            title: t('queries.name'),
            sorter: (a, b) => a.name.localeCompare(b.name),
            render: (_, query) => <Link to={openQueryPath(query, params)}>{query.name}</Link>,
          },
          {
            key: 'owner',
            title: t('queries.owner'),
            sorter: (a, b) => (a.owner ?? '').localeCompare(b.owner ?? ''),
            render: (_, query) => query.owner ?? t('queries.unknownOwner'),
          },
          {
            key: 'tags',
            title: t('queries.tags'),
            render: (_, query) => query.tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
          },
          {
            key: 'actions',
            width: 140,
            render: (_, query) => (
              <Flex gap={4}>
                <IconLink
                  to={generatePath(ROUTES.Permissions, { type: 'query', id: String(query.id) })}
                  icon={<ShareAltOutlined />}
                  label={t('queries.share', { name: query.name })}
                  disabled={!query.canShare || !mayShare}
                />
                <IconLink
                  to={queryEditPath(query.id, params)}
                  icon={<EditOutlined />}
                  label={t('queries.edit', { name: query.name })}
                  disabled={!query.canEdit}
                />
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!query.canDelete}
                  aria-label={t('queries.delete', { name: query.name })}
                  onClick={() => confirmDelete(query)}
                />
              </Flex>
            ),
          },
        ]}
      />
    </>
  );
}
