import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { Alert } from 'antd';
import { ApiErrorDescription } from './api-error-description';

interface ApiErrorAlertProps {
  title: string;
  error: FetchBaseQueryError | SerializedError | undefined;
}

export function ApiErrorAlert({ title, error }: ApiErrorAlertProps) {
  return <Alert type="error" showIcon title={title} description={<ApiErrorDescription error={error} />} />;
}
