import { DeleteOutlined, EditOutlined, InfoCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { hasFeature, type CategoryGroupDto, type VariableMinimalDto } from '@plantlens/contracts';
import { App, Button, Flex, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { ArrivalAlert } from '../../../components/arrival-alert';
import { ConfirmModal } from '../../../components/confirm-modal';
import { IconLink } from '../../../components/icon-link';
import { PageHeading } from '../../../components/page-heading';
import { ROUTES } from '../../../config/routes';
import { useAccount } from '../../../lib/account-api';
import { useGetCategoryGroupsQuery } from '../../../lib/category-api';
import { useGetMinimalVariablesQuery } from '../../../lib/variable-api';
import { useDeleteCategoryGroupMutation } from '../api';
import { CategorySwatch } from '../components/category-swatch';

const NO_AUTHORITIES: string[] = [];

// /categorical-variable/list (spec part 1 §2): the groups with an info tooltip (their variables and
// categories), name, owner, edit and delete after confirmation; adding needs the Admin feature.
export function CategoricalVariableListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const authorities = useAccount().data?.authorities ?? NO_AUTHORITIES;
  const groups = useGetCategoryGroupsQuery();
  const variableIds = [...new Set((groups.data ?? []).flatMap((group) => group.variables))];
  const variables = useGetMinimalVariablesQuery(variableIds, { skip: variableIds.length === 0 });
  const [deleteGroup, deletion] = useDeleteCategoryGroupMutation();
  const [deleting, setDeleting] = useState<CategoryGroupDto | null>(null);
  const variableById = new Map((variables.data ?? []).map((variable) => [variable.id, variable]));

  const confirmDelete = async () => {
    if (!deleting) return;
    const { id, name } = deleting;
    const result = await deleteGroup(id);
    setDeleting(null);
    if (result.error) void message.error(t('categories.deleteError', { name }));
    else void message.success(t('categories.deleted', { name }));
  };

  if (groups.isError) return <ApiErrorAlert title={t('categories.loadError')} error={groups.error} />;
  return (
    <>
      <ArrivalAlert />
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <PageHeading backTo={ROUTES.VariableManagement} title={t('categories.listTitle')} level={3} />
        {hasFeature(authorities, 'Admin') && (
          <Link to={ROUTES.CategoricalVariable}>
            <Button type="primary" icon={<PlusOutlined />}>
              {t('categories.add')}
            </Button>
          </Link>
        )}
      </Flex>
      <Table<CategoryGroupDto>
        rowKey="id"
        loading={groups.isLoading}
        dataSource={groups.data}
        pagination={{ pageSize: 10 }}
        locale={{ emptyText: t('common.empty') }}
        columns={[
          {
            key: 'info',
            width: 48,
            render: (_, group) => (
              <Tooltip title={<GroupSummary group={group} variableById={variableById} />}>
                <InfoCircleOutlined aria-label={t('categories.info')} />
              </Tooltip>
            ),
          },
          {
            key: 'name',
            title: t('categories.name'),
            dataIndex: 'name',
            sorter: (a, b) => a.name.localeCompare(b.name),
          },
          {
            key: 'owner',
            title: t('categories.owner'),
            sorter: (a, b) => (a.owner ?? '').localeCompare(b.owner ?? ''),
            render: (_, group) => group.owner ?? t('categories.unknownOwner'),
          },
          {
            key: 'actions',
            width: 120,
            render: (_, group) => (
              <Flex gap={4}>
                <IconLink
                  to={`${ROUTES.CategoricalVariable}?id=${group.id}`}
                  icon={<EditOutlined />}
                  label={t('categories.edit', { name: group.name })}
                />
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('categories.delete', { name: group.name })}
                  onClick={() => setDeleting(group)}
                />
              </Flex>
            ),
          },
        ]}
      />
      <ConfirmModal
        open={deleting !== null}
        title={t('categories.deleteConfirm', { name: deleting?.name ?? '' })}
        okText={t('common.delete')}
        okButtonProps={{ danger: true, loading: deletion.isLoading }}
        cancelText={t('common.cancel')}
        onOk={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

// The info tooltip: the group's variables, then its categories with their colours.
function GroupSummary({
  group,
  variableById,
}: {
  group: CategoryGroupDto;
  variableById: Map<number, VariableMinimalDto>;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong style={{ color: 'inherit' }}>
        {t('categories.variables')}
      </Typography.Text>
      {group.variables.map((id) => (
        <span key={id}>{variableById.get(id)?.label ?? `#${id}`}</span>
      ))}
      <Typography.Text strong style={{ color: 'inherit' }}>
        {t('categories.options')}
      </Typography.Text>
      {group.ranges.map((range) => (
        <Flex key={range.value} gap={6} align="center">
          <CategorySwatch color={range.color} />
          {t('categories.infoLine', { value: range.value, name: range.name })}
        </Flex>
      ))}
    </Flex>
  );
}
