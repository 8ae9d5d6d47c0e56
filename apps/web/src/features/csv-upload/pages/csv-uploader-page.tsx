import { InboxOutlined } from '@ant-design/icons';
import type { CsvUploadQuery } from '@plantlens/contracts';
import { Button, Card, Form, Progress, Radio, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { API_BASE_URL } from '../../../config/api';
import { ROUTES } from '../../../config/routes';
import { tokenProtocol } from '../../../lib/api';
import { CsvUploadSummary } from '../components/csv-upload-summary';
import { createCsvUploader, type CsvUploadResult } from '../upload-csv';

const uploadCsv = createCsvUploader(API_BASE_URL, tokenProtocol);

// /csv-uploader (feature Superadmin): a measurement file, streamed to the server, then its summary and
// error report. The progress bar follows the bytes sent, which the server reads as they arrive.
export function CsvUploaderPage() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [options, setOptions] = useState<CsvUploadQuery>({
    unknownVariables: 'report',
    decimalSeparator: 'auto',
  });
  /** fraction of the file sent while an upload runs */
  const [progress, setProgress] = useState<number>();
  const [outcome, setOutcome] = useState<CsvUploadResult>();
  const uploading = progress !== undefined;

  const upload = async (chosen: File) => {
    setOutcome(undefined);
    setProgress(0);
    const result = await uploadCsv({ file: chosen, options, onProgress: setProgress });
    setProgress(undefined);
    setOutcome(result);
  };
  const percent = Math.floor((progress ?? 0) * 100);

  return (
    <Card>
      <Space vertical size="middle" style={{ width: '100%' }}>
        <PageHeading backTo={ROUTES.Workspace} title={t('routes.CsvUploader')} />
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('csvUpload.intro')}
        </Typography.Paragraph>
        <Form layout="vertical" disabled={uploading} style={{ maxWidth: 640 }}>
          <Form.Item label={t('csvUpload.file')}>
            <Upload.Dragger
              accept=".csv,.txt,text/csv"
              maxCount={1}
              // Kept here and sent by the Upload button, not uploaded by the component.
              beforeUpload={(chosen) => {
                setFile(chosen);
                setOutcome(undefined);
                return false;
              }}
              onRemove={() => setFile(undefined)}
              fileList={file ? [{ uid: file.name, name: file.name, size: file.size }] : []}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('csvUpload.dropHint')}</p>
            </Upload.Dragger>
          </Form.Item>
          <Form.Item label={t('csvUpload.unknownVariables')}>
            <Radio.Group
              value={options.unknownVariables}
              onChange={(event) => setOptions({ ...options, unknownVariables: event.target.value })}
              options={[
                { value: 'report', label: t('csvUpload.unknownReport') },
                { value: 'create', label: t('csvUpload.unknownCreate') },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('csvUpload.decimalSeparator')}>
            <Radio.Group
              value={options.decimalSeparator}
              onChange={(event) => setOptions({ ...options, decimalSeparator: event.target.value })}
              options={[
                { value: 'auto', label: t('csvUpload.decimalAuto') },
                { value: '.', label: t('csvUpload.decimalPoint') },
                { value: ',', label: t('csvUpload.decimalComma') },
              ]}
            />
          </Form.Item>
          <Button
            type="primary"
            disabled={!file}
            loading={uploading}
            onClick={() => file && void upload(file)}
          >
            {t('csvUpload.upload')}
          </Button>
        </Form>
        {uploading && (
          <div>
            <Progress percent={percent} status="active" />
            <Typography.Text type="secondary">
              {percent < 100 ? t('csvUpload.uploading') : t('csvUpload.finishing')}
            </Typography.Text>
          </div>
        )}
        {outcome && 'error' in outcome && (
          <ApiErrorAlert title={t('csvUpload.failed')} error={outcome.error} />
        )}
        {outcome && 'data' in outcome && <CsvUploadSummary result={outcome.data} />}
      </Space>
    </Card>
  );
}
