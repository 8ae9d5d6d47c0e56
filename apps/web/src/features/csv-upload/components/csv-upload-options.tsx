import type { CsvUploadQueryDto } from '@plantlens/contracts';
import { Form, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** The choices of an upload; dryRun is the page's to set. */
export type CsvUploadOptions = Omit<CsvUploadQueryDto, 'dryRun'>;

// The zones this browser knows, which the server (same ICU data) accepts.
const TIME_ZONES = Intl.supportedValuesOf('timeZone');
// The Select's value for "not sent": the server then applies the plant's zone.
const PLANT_ZONE = '';

interface CsvUploadOptionsFormProps {
  options: CsvUploadOptions;
  onChange: (options: CsvUploadOptions) => void;
}

export function CsvUploadOptionsForm({ options, onChange }: CsvUploadOptionsFormProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item label={t('csvUpload.unknownVariables')}>
        <Radio.Group
          value={options.unknownVariables}
          onChange={(event) => onChange({ ...options, unknownVariables: event.target.value })}
          options={[
            { value: 'report', label: t('csvUpload.unknownReport') },
            { value: 'create', label: t('csvUpload.unknownCreate') },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('csvUpload.decimalSeparator')}>
        <Radio.Group
          value={options.decimalSeparator}
          onChange={(event) => onChange({ ...options, decimalSeparator: event.target.value })}
          options={[
            { value: 'auto', label: t('csvUpload.decimalAuto') },
            { value: '.', label: t('csvUpload.decimalPoint') },
            { value: ',', label: t('csvUpload.decimalComma') },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('csvUpload.timeZone')} htmlFor="csv-upload-time-zone">
        <Select
          id="csv-upload-time-zone"
          showSearch={{ optionFilterProp: 'label' }}
          value={options.timeZone ?? PLANT_ZONE}
          onChange={(zone: string) =>
            onChange({ ...options, timeZone: zone === PLANT_ZONE ? undefined : zone })
          }
          options={[
            { value: PLANT_ZONE, label: t('csvUpload.plantZone') },
            ...TIME_ZONES.map((zone) => ({ value: zone, label: zone })),
          ]}
          style={{ maxWidth: 320 }}
        />
      </Form.Item>
    </>
  );
}
