import { DeleteOutlined, EditOutlined, PlusOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { RuleIncidenceDto } from '@plantlens/contracts';
import { App, Button, Flex, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, generatePath, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { IconLink } from '../../../components/icon-link';
import { PageHeading } from '../../../components/page-heading';
import { ROUTES } from '../../../config/routes';
import { canAccessRoute } from '../../../lib/access';
import { useAccount } from '../../../lib/account-api';
import { useDeleteIncidenceRuleMutation, useGetIncidenceRulesQuery } from '../api';
import { OwnerIcon } from '../components/owner-icon';
import { TagFilter } from '../components/tag-filter';
import { textColumnFilter } from '../components/text-column-filter';
import { ValveSourceLabel } from '../components/valve-source-label';
import { formatLongDate } from '../../../lib/long-date';
import { INCIDENCE_TABLE_PAGE_SIZE } from '../incidence-list-params';
import { ruleEditPath, ruleListSearch, ruleListTags } from '../rule-paths';

const NO_AUTHORITIES: string[] = [];

// /rule-incidence/list (spec part 2 §2): the incidence rules the user reads, newest first, narrowed by the
// tags of the address. Each row's share, edit and delete icons follow its rights. A valve failure source
// shows what it watches under its name; editing it changes only its settings (the form hides its condition).
export function RuleIncidenceListPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const tags = ruleListTags(searchParams);
  const rules = useGetIncidenceRulesQuery(tags.join(','));
  const [deleteRule] = useDeleteIncidenceRuleMutation();
  const authorities = useAccount().data?.authorities ?? NO_AUTHORITIES;
  const mayShare = canAccessRoute('Permissions', authorities);

  // Written as text: URLSearchParams would encode the commas that join the tags.
  const setTags = (next: string[]) => void navigate({ search: ruleListSearch(next) }, { replace: true });

  const confirmDelete = (rule: RuleIncidenceDto) =>
    modal.confirm({
      title: t('incidences.rules.deleteConfirm', { name: rule.name }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        const result = await deleteRule(rule.id);
        if (result.error) void message.error(t('incidences.rules.deleteError', { name: rule.name }));
        else void message.success(t('incidences.rules.deleted', { name: rule.name }));
      },
    });

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={16} style={{ marginBottom: 16 }}>
        <PageHeading backTo={ROUTES.Workspace} title={t('routes.RuleIncidenceList')} level={3} />
        <Flex gap={8} align="center">
          <TagFilter value={tags} onChange={setTags} />
          <Link to={ROUTES.RuleIncidenceMenu} aria-label={t('incidences.rules.add')}>
            <Button type="primary" icon={<PlusOutlined />} />
          </Link>
        </Flex>
      </Flex>
      {rules.isError ? (
        <ApiErrorAlert title={t('incidences.rules.loadError')} error={rules.error} />
      ) : (
        <Table<RuleIncidenceDto>
          rowKey="id"
          loading={rules.isFetching}
          dataSource={rules.data}
          pagination={{ pageSize: INCIDENCE_TABLE_PAGE_SIZE }}
          locale={{ emptyText: t('common.empty') }}
          columns={[
            {
              key: 'name',
              title: t('incidences.rules.name'),
              ...textColumnFilter<RuleIncidenceDto>(t('incidences.rules.searchName'), (rule) => rule.name),
              render: (_, rule) =>
                rule.source ? (
                  <Flex vertical gap={4} align="start">
                    {rule.name}
                    <ValveSourceLabel source={rule.source} />
                  </Flex>
                ) : (
                  rule.name
                ),
            },
            {
              key: 'enabled',
              title: t('incidences.rules.enabled'),
              render: (_, rule) => (rule.enabled ? t('incidences.yes') : t('incidences.no')),
            },
            {
              key: 'createdAt',
              title: t('incidences.rules.createdAt'),
              sorter: (a, b) => a.createdAt - b.createdAt,
              defaultSortOrder: 'descend',
              render: (_, rule) => formatLongDate(rule.createdAt * 1000, i18n.language),
            },
            {
              key: 'tags',
              title: t('incidences.rules.tags'),
              render: (_, rule) => rule.tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
            },
            {
              key: 'owner',
              title: t('incidences.rules.owner'),
              width: 90,
              ...textColumnFilter<RuleIncidenceDto>(
                t('incidences.rules.searchOwner'),
                (rule) => rule.owner ?? '',
              ),
              // A source has no owner (docs/rules-and-incidences.md "Valve failures as incidences"): nothing
              // to ask.
              render: (_, rule) => !rule.source && <OwnerIcon ruleId={rule.id} ruleName={rule.name} />,
            },
            {
              key: 'actions',
              width: 140,
              render: (_, rule) => (
                <Flex gap={4}>
                  <IconLink
                    to={generatePath(ROUTES.Permissions, { type: 'incidence', id: String(rule.id) })}
                    icon={<ShareAltOutlined />}
                    label={t('incidences.rules.share', { name: rule.name })}
                    disabled={!rule.canShare || !mayShare}
                  />
                  <IconLink
                    to={ruleEditPath(rule.id)}
                    icon={<EditOutlined />}
                    label={t('incidences.rules.edit', { name: rule.name })}
                    disabled={!rule.canEdit}
                  />
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={!rule.canDelete}
                    aria-label={t('incidences.rules.delete', { name: rule.name })}
                    onClick={() => confirmDelete(rule)}
                  />
                </Flex>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
