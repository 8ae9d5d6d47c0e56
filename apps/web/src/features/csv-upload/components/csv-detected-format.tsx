import type { CsvDetectedFormatDto } from '@plantlens/contracts';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { separatorKey } from '../csv-upload-format';

// How the server read the file: separators, time column and format, the zone applied to local times.
export function CsvDetectedFormat({ format }: { format: CsvDetectedFormatDto }) {
  const { t } = useTranslation();
  const decimalFrom =
    format.decimalSeparatorFrom === 'data'
      ? t('csvUpload.format.fromData')
      : t('csvUpload.format.fromOption');
  return (
    <Descriptions
      title={t('csvUpload.format.title')}
      bordered
      size="small"
      column={1}
      items={[
        {
          key: 'fieldSeparator',
          label: t('csvUpload.format.fieldSeparator'),
          children: t(`csvUpload.format.separators.${separatorKey(format.fieldSeparator)}`),
        },
        {
          key: 'decimalSeparator',
          label: t('csvUpload.format.decimalSeparator'),
          children: `${t(`csvUpload.format.separators.${separatorKey(format.decimalSeparator)}`)}, ${decimalFrom}`,
        },
        {
          key: 'timeColumn',
          label: t('csvUpload.format.timeColumn'),
          children: t('csvUpload.format.timeColumnValue', {
            column: format.timeColumn,
            header: format.timeHeader,
          }),
        },
        {
          key: 'timeFormat',
          label: t('csvUpload.format.timeFormat'),
          children: t(`csvUpload.format.timeFormats.${format.timeFormat}`),
        },
        {
          key: 'timeZone',
          label: t('csvUpload.format.timeZone'),
          children: format.timeZone ?? t('csvUpload.format.noZone'),
        },
      ]}
    />
  );
}
