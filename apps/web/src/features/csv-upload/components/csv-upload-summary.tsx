import type { CsvRowErrorDto, CsvUploadResponseDto } from '@plantlens/contracts';
import { Alert, Descriptions, Flex, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPointTime, reasonsByCount } from '../csv-upload-format';
import { CsvColumnTable } from './csv-column-table';
import { CsvDetectedFormat } from './csv-detected-format';

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

function Warnings({ warnings }: Pick<CsvUploadResponseDto, 'warnings'>) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={t('csvUpload.warnings.title')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {warnings.map(({ code }) => (
            <li key={code}>{t(`csvUpload.warnings.${code}`)}</li>
          ))}
        </ul>
      }
    />
  );
}

function ErrorReport({ result }: { result: CsvUploadResponseDto }) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => formatCount(value, i18n.language);
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
    <>
      <Descriptions
        title={t('csvUpload.errorsByReason.title')}
        bordered
        size="small"
        column={1}
        items={reasonsByCount(result.errorsByReason).map(({ reason, count: errors }) => ({
          key: reason,
          label: t(`csvUpload.reasons.${reason}`),
          children: count(errors),
        }))}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('csvUpload.errorTable.title')}
      </Typography.Title>
      {result.truncated && (
        <Alert
          type="warning"
          showIcon
          title={t('csvUpload.summary.truncated', {
            listed: count(result.errors.length),
            count: count(result.errorCount),
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
  );
}

// What an upload read (a dry run: what the load would store) or did: the detected format, counts,
// columns, warnings and the error report by reason and by line.
export function CsvUploadSummary({ result }: { result: CsvUploadResponseDto }) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => formatCount(value, i18n.language);
  const time = (epochMs: number | null) => (epochMs === null ? '—' : formatPointTime(epochMs, i18n.language));
  const points = result.dryRun
    ? { key: 'points', label: t('csvUpload.summary.pointsFound'), children: count(result.points) }
    : { key: 'points', label: t('csvUpload.summary.points'), children: count(result.pointsPublished) };
  const created = result.dryRun
    ? []
    : [
        {
          key: 'created',
          label: t('csvUpload.summary.created'),
          children: <References references={result.variablesCreated} />,
        },
      ];

  return (
    <Space vertical size="middle" style={{ width: '100%' }}>
      <Descriptions
        title={result.dryRun ? t('csvUpload.summary.previewTitle') : t('csvUpload.summary.title')}
        bordered
        size="small"
        column={1}
        items={[
          { key: 'rows', label: t('csvUpload.summary.rows'), children: count(result.rows) },
          points,
          { key: 'firstTs', label: t('csvUpload.summary.firstTs'), children: time(result.firstTs) },
          { key: 'lastTs', label: t('csvUpload.summary.lastTs'), children: time(result.lastTs) },
          { key: 'repeated', label: t('csvUpload.summary.repeated'), children: count(result.repeatedPoints) },
          ...created,
          {
            key: 'unknown',
            label: t('csvUpload.summary.unknown'),
            children: <References references={result.unknownVariables} />,
          },
          { key: 'errors', label: t('csvUpload.summary.errors'), children: count(result.errorCount) },
        ]}
      />
      <Warnings warnings={result.warnings} />
      <CsvDetectedFormat format={result.format} />
      <CsvColumnTable columns={result.columns} />
      {result.errorCount > 0 && <ErrorReport result={result} />}
    </Space>
  );
}
