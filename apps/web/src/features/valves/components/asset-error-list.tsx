import type { AssetErrorDto } from '@plantlens/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatErrorTime } from '../valve-format';
import { FailureText } from './failure-text';

// Every error of an asset: failure text and time range, the first (the one the review opens) in bold.
export function AssetErrorList({ errors }: { errors: AssetErrorDto[] }) {
  const { t } = useTranslation();
  if (errors.length === 0) return <span>{t('ampo.currentStatus.noErrors')}</span>;
  return (
    <Flex vertical gap={4} data-testid="asset-errors">
      {errors.map((error, index) => (
        <span
          key={`${error.beginDate}-${error.errorCode}-${index}`}
          style={{ fontWeight: index === 0 ? 700 : 400 }}
        >
          <FailureText code={error.errorCode} />{' '}
          {t('ampo.currentStatus.errorRange', {
            begin: formatErrorTime(error.beginDate),
            end: formatErrorTime(error.endDate),
          })}
        </span>
      ))}
    </Flex>
  );
}
