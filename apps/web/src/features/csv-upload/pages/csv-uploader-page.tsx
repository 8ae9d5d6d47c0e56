import { CloudUploadOutlined, FileSearchOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Form, Progress, Row, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { API_BASE_URL } from '../../../config/api';
import { ROUTES } from '../../../config/routes';
import { tokenProtocol } from '../../../lib/api';
import { CsvUploadOptionsForm, type CsvUploadOptions } from '../components/csv-upload-options';
import { CsvUploadSummary } from '../components/csv-upload-summary';
import { createCsvUploader, type CsvUploadResult } from '../upload-csv';

const uploadCsv = createCsvUploader(API_BASE_URL, tokenProtocol);

type Phase = 'check' | 'load';

// /csv-uploader (feature Superadmin): a measurement file is first checked (a dry run: the server reads it
// all and answers what it would store), then loaded with the same options. Both stream the file with a
// progress bar that follows the bytes sent, which the server reads as they arrive.
export function CsvUploaderPage() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [options, setOptions] = useState<CsvUploadOptions>({
    unknownVariables: 'report',
    decimalSeparator: 'auto',
  });
  /** the upload running and the fraction of the file sent */
  const [running, setRunning] = useState<{ phase: Phase; progress: number }>();
  /** the dry run of this file with these options; cleared when either changes */
  const [preview, setPreview] = useState<CsvUploadResult>();
  /** a preview was dropped because the options changed */
  const [optionsChanged, setOptionsChanged] = useState(false);
  const [loaded, setLoaded] = useState<CsvUploadResult>();

  const loadable = preview !== undefined && 'data' in preview && preview.data.points > 0;

  const forget = () => {
    setPreview(undefined);
    setLoaded(undefined);
  };
  const changeOptions = (changed: CsvUploadOptions) => {
    setOptions(changed);
    setOptionsChanged(preview !== undefined);
    forget();
  };
  const run = async (phase: Phase) => {
    if (!file || running) return;
    setRunning({ phase, progress: 0 });
    setLoaded(undefined);
    const outcome = await uploadCsv({
      file,
      options: phase === 'check' ? { ...options, dryRun: 'true' } : options,
      onProgress: (progress) => setRunning({ phase, progress }),
    });
    setRunning(undefined);
    setOptionsChanged(false);
    if (phase === 'check') {
      setPreview(outcome);
      return;
    }
    setLoaded(outcome);
    // Loaded: loading it again needs a new check (the variables it created now exist).
    if ('data' in outcome) setPreview(undefined);
  };
  const percent = Math.floor((running?.progress ?? 0) * 100);

  return (
    <Card>
      <Space vertical size="middle" style={{ width: '100%' }}>
        <PageHeading backTo={ROUTES.Workspace} title={t('routes.CsvUploader')} />
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('csvUpload.intro')}
        </Typography.Paragraph>
        <Form layout="vertical" disabled={running !== undefined}>
          <Row gutter={[24, 0]}>
            <Col xs={24} lg={12}>
              <Form.Item label={t('csvUpload.file')}>
                <Upload.Dragger
                  accept=".csv,.txt,text/csv"
                  maxCount={1}
                  // Kept here and sent by the buttons, not uploaded by the component.
                  beforeUpload={(chosen) => {
                    setFile(chosen);
                    setOptionsChanged(false);
                    forget();
                    return false;
                  }}
                  onRemove={() => {
                    setFile(undefined);
                    setOptionsChanged(false);
                    forget();
                  }}
                  fileList={file ? [{ uid: file.name, name: file.name, size: file.size }] : []}
                >
                  <p className="ant-upload-drag-icon">
                    <InboxOutlined />
                  </p>
                  <p className="ant-upload-text">{t('csvUpload.dropHint')}</p>
                </Upload.Dragger>
              </Form.Item>
              <Space wrap>
                <Button
                  icon={<FileSearchOutlined />}
                  disabled={!file}
                  loading={running?.phase === 'check'}
                  onClick={() => void run('check')}
                >
                  {t('csvUpload.check')}
                </Button>
                <Button
                  type="primary"
                  icon={<CloudUploadOutlined />}
                  disabled={!loadable}
                  loading={running?.phase === 'load'}
                  onClick={() => void run('load')}
                >
                  {t('csvUpload.load')}
                </Button>
              </Space>
            </Col>
            <Col xs={24} lg={12}>
              <Typography.Title level={5}>{t('csvUpload.options')}</Typography.Title>
              <CsvUploadOptionsForm options={options} onChange={changeOptions} />
            </Col>
          </Row>
        </Form>
        {running && (
          <div>
            <Progress percent={percent} status="active" />
            <Typography.Text type="secondary">
              {percent < 100 ? t('csvUpload.uploading') : t('csvUpload.finishing')}
            </Typography.Text>
          </div>
        )}
        <Outcome file={file} preview={preview} loaded={loaded} optionsChanged={optionsChanged} />
      </Space>
    </Card>
  );
}

interface OutcomeProps {
  file: File | undefined;
  preview: CsvUploadResult | undefined;
  loaded: CsvUploadResult | undefined;
  optionsChanged: boolean;
}

// The load's result when there is one, else the preview, else what to do next.
function Outcome({ file, preview, loaded, optionsChanged }: OutcomeProps) {
  const { t } = useTranslation();
  if (loaded) {
    return 'error' in loaded ? (
      <>
        <ApiErrorAlert title={t('csvUpload.failed')} error={loaded.error} />
        {preview && 'data' in preview && <CsvUploadSummary result={preview.data} />}
      </>
    ) : (
      <CsvUploadSummary result={loaded.data} />
    );
  }
  if (preview) {
    if ('error' in preview) return <ApiErrorAlert title={t('csvUpload.checkFailed')} error={preview.error} />;
    return (
      <>
        {preview.data.points === 0 && <Alert type="error" showIcon title={t('csvUpload.nothingToLoad')} />}
        <CsvUploadSummary result={preview.data} />
      </>
    );
  }
  if (!file) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={optionsChanged ? t('csvUpload.optionsChanged') : t('csvUpload.checkFirst')}
    />
  );
}
