import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../lib/api-error';

interface ApiErrorAlertProps {
  title: string;
  error: FetchBaseQueryError | SerializedError | undefined;
}

export function ApiErrorAlert({ title, error }: ApiErrorAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={apiErrorMessage(error) ?? t('errors.unexpected')}
    />
  );
}
