import type { CsvRowErrorDto, CsvUploadResponseDto } from '@plantlens/contracts';
import { Alert, Descriptions, Flex, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';

import { LANGUAGE_TAGS, toLanguage } from '../../../config/languages';

function References({ references }: { references: string[] }) {
  const { t } = useTranslation();
  if (references.length === 0) return <>{t('csvUpload.summary.none')}</>;
  return (
    <Flex wrap gap={4}>
      {references.map((reference) => (
        <Tag key={reference}>{reference}</Tag>
      ))}
    </Flex>
  );
}

// What an upload did: counts, the variables it created or skipped, and the error report by line.
export function CsvUploadSummary({ result }: { result: CsvUploadResponseDto }) {
  const { t, i18n } = useTranslation();
  const format = (count: number) => count.toLocaleString(LANGUAGE_TAGS[toLanguage(i18n.language)]);
  const columns: TableColumnsType<CsvRowErrorDto> = [
    { title: t('csvUpload.errorTable.line'), dataIndex: 'line', width: 100 },
    {
      title: t('csvUpload.errorTable.column'),
      key: 'column',
      width: 220,
      render: (_, { column, header }) => (column === null ? '—' : `${column} · ${header ?? ''}`),
    },
    {
      title: t('csvUpload.errorTable.reason'),
      dataIndex: 'reason',
      render: (_, { reason }) => t(`csvUpload.reasons.${reason}`),
    },
    {
      title: t('csvUpload.errorTable.value'),
      dataIndex: 'value',
      render: (value: string | null) => value ?? '—',
    },
  ];

  return (
    <Space vertical size="middle" style={{ width: '100%' }}>
      <Descriptions
        title={t('csvUpload.summary.title')}
        bordered
        size="small"
        column={1}
        items={[
          { key: 'rows', label: t('csvUpload.summary.rows'), children: format(result.rows) },
          { key: 'points', label: t('csvUpload.summary.points'), children: format(result.pointsPublished) },
          {
            key: 'created',
            label: t('csvUpload.summary.created'),
            children: <References references={result.variablesCreated} />,
          },
          {
            key: 'unknown',
            label: t('csvUpload.summary.unknown'),
            children: <References references={result.unknownVariables} />,
          },
          { key: 'errors', label: t('csvUpload.summary.errors'), children: format(result.errorCount) },
        ]}
      />
      {result.errorCount > 0 && (
        <>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('csvUpload.errorTable.title')}
          </Typography.Title>
          {result.truncated && (
            <Alert
              type="warning"
              showIcon
              title={t('csvUpload.summary.truncated', {
                listed: format(result.errors.length),
                count: format(result.errorCount),
              })}
            />
          )}
          <Table<CsvRowErrorDto>
            size="small"
            rowKey={({ line, column }) => `${line}:${column ?? ''}`}
            columns={columns}
            dataSource={result.errors}
            pagination={{ pageSize: 10, showSizeChanger: false }}
          />
        </>
      )}
    </Space>
  );
}
