import { DatabaseOutlined, DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import type { DatastoreEntryDto } from '@plantlens/contracts';
import { App, Button, Empty, Flex, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PageHeading } from '../../../components/page-heading';
import { ROUTES } from '../../../config/routes';
import { useDeleteCacheEntriesMutation, useGetCacheEntriesQuery } from '../api';
import { formatSize } from '../../../lib/format-size';
import { formatCacheDate } from '../cache-format';

// Characters of a value the table cell shows; the row expands to the whole preview the server sends.
const CELL_VALUE_CHARS = 80;

// /cache-management (feature Superadmin, spec part 1 §2): the read cache's entries, newest first, and the
// delete of the selected ones, after confirmation, with the alerts of §8.
export function CacheManagementPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const entries = useGetCacheEntriesQuery();
  const [deleteEntries, deletion] = useDeleteCacheEntriesMutation();
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);

  const confirmDelete = async () => {
    setConfirming(false);
    const result = await deleteEntries(selected);
    if (result.error) {
      void message.error(t('cache.deleteError'));
      return;
    }
    setSelected([]);
    void message.success(t('cache.deleted'));
  };

  if (entries.isError) return <ApiErrorAlert title={t('cache.loadError')} error={entries.error} />;
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <PageHeading backTo={ROUTES.Workspace} title={t('cache.title')} level={3} />
        <Flex gap={8} align="center">
          {selected.length > 0 && (
            <Typography.Text type="secondary">
              {t('cache.selected', { count: selected.length })}
            </Typography.Text>
          )}
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void entries.refetch()}
            loading={entries.isFetching}
          >
            {t('cache.refresh')}
          </Button>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            loading={deletion.isLoading}
            onClick={() => setConfirming(true)}
          >
            {t('cache.deleteSelected')}
          </Button>
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary">{t('cache.intro')}</Typography.Paragraph>
      <Table<DatastoreEntryDto>
        rowKey="id"
        loading={entries.isLoading}
        dataSource={entries.data ?? []}
        pagination={{ pageSize: 10 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (entry) => ({ 'aria-label': entry.key }),
        }}
        expandable={{
          expandedRowRender: (entry) => (
            <Typography.Paragraph style={{ margin: 0 }}>
              <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}>
                {entry.abridged ? `${entry.value}…` : entry.value}
              </pre>
              {entry.abridged && (
                <Typography.Text type="secondary">
                  {t('cache.valueAbridged', { size: formatSize(entry.sizeBytes, i18n.language) })}
                </Typography.Text>
              )}
            </Typography.Paragraph>
          ),
        }}
        locale={{
          emptyText: (
            <Empty image={<DatabaseOutlined style={{ fontSize: 48 }} />} description={t('cache.empty')} />
          ),
        }}
        columns={[
          {
            key: 'key',
            title: t('cache.key'),
            render: (_, entry) => (
              <Typography.Text code style={{ wordBreak: 'break-all' }}>
                {entry.key}
              </Typography.Text>
            ),
          },
          {
            key: 'value',
            title: t('cache.value'),
            render: (_, entry) => (
              <Tooltip title={<span style={{ wordBreak: 'break-all' }}>{entry.value}</span>}>
                <Typography.Text style={{ wordBreak: 'break-all' }}>
                  {entry.value.length > CELL_VALUE_CHARS || entry.abridged
                    ? `${entry.value.slice(0, CELL_VALUE_CHARS)}…`
                    : entry.value}
                </Typography.Text>
              </Tooltip>
            ),
          },
          {
            key: 'date',
            title: t('cache.date'),
            width: 200,
            sorter: (a, b) => a.date.localeCompare(b.date),
            render: (_, entry) => formatCacheDate(entry.date, i18n.language),
          },
          {
            key: 'hits',
            title: t('cache.hits'),
            width: 80,
            align: 'right',
            sorter: (a, b) => a.hits - b.hits,
            render: (_, entry) => entry.hits,
          },
          {
            key: 'size',
            title: t('cache.size'),
            width: 100,
            align: 'right',
            sorter: (a, b) => a.sizeBytes - b.sizeBytes,
            render: (_, entry) => formatSize(entry.sizeBytes, i18n.language),
          },
        ]}
      />
      <ConfirmModal
        open={confirming}
        destroyOnHidden
        title={t('cache.deleteConfirm', { count: selected.length })}
        okText={t('common.delete')}
        okButtonProps={{ danger: true }}
        cancelText={t('common.cancel')}
        onOk={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
