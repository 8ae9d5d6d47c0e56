import {
  CheckCircleOutlined,
  MinusCircleOutlined,
  PlusCircleOutlined,
  QuestionCircleOutlined,
} from '@ant-design/icons';
import type { CsvVariableColumnDto } from '@plantlens/contracts';
import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPointTime } from '../csv-upload-format';

const STATUS_TAGS: Record<CsvVariableColumnDto['status'], { color: string; icon: ReactNode }> = {
  known: { color: 'success', icon: <CheckCircleOutlined /> },
  created: { color: 'processing', icon: <PlusCircleOutlined /> },
  'would-create': { color: 'processing', icon: <QuestionCircleOutlined /> },
  unknown: { color: 'warning', icon: <MinusCircleOutlined /> },
};

// The file's variable columns: whether each variable exists, is (or would be) created or is skipped,
// and what it holds.
export function CsvColumnTable({ columns }: { columns: CsvVariableColumnDto[] }) {
  const { t, i18n } = useTranslation();
  const time = (epochMs: number | null) => (epochMs === null ? '—' : formatPointTime(epochMs, i18n.language));
  const tableColumns: TableColumnsType<CsvVariableColumnDto> = [
    { title: t('csvUpload.columns.column'), dataIndex: 'column', width: 90 },
    { title: t('csvUpload.columns.reference'), dataIndex: 'clientReference' },
    {
      title: t('csvUpload.columns.status'),
      dataIndex: 'status',
      render: (_, { status }) => (
        <Tag color={STATUS_TAGS[status].color} icon={STATUS_TAGS[status].icon}>
          {t(`csvUpload.columns.statuses.${status}`)}
        </Tag>
      ),
    },
    {
      title: t('csvUpload.columns.points'),
      dataIndex: 'points',
      align: 'right',
      render: (_, { points }) => formatCount(points, i18n.language),
    },
    { title: t('csvUpload.columns.firstTs'), key: 'firstTs', render: (_, { firstTs }) => time(firstTs) },
    { title: t('csvUpload.columns.lastTs'), key: 'lastTs', render: (_, { lastTs }) => time(lastTs) },
  ];
  return (
    <>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('csvUpload.columns.title')}
      </Typography.Title>
      <Table<CsvVariableColumnDto>
        size="small"
        rowKey="column"
        columns={tableColumns}
        dataSource={columns}
        pagination={columns.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      />
    </>
  );
}
