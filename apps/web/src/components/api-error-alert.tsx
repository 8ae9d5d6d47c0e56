import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { Alert, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorKind, apiErrorMessage } from '../lib/api-error';

interface ApiErrorAlertProps {
  title: string;
  error: FetchBaseQueryError | SerializedError | undefined;
  style?: CSSProperties;
}

// The services explain a failure in English (ApiErrorDto.message). The alert leads with what the failure
// means in the page's language, then keeps the server's own words as the detail an engineer or IT can act
// on (which field, which service).
export function ApiErrorAlert({ title, error, style }: ApiErrorAlertProps) {
  const { t } = useTranslation();
  const detail = apiErrorMessage(error);
  return (
    <Alert
      type="error"
      showIcon
      style={style}
      title={title}
      description={
        <>
          <div>{t(`errors.${apiErrorKind(error)}`)}</div>
          {detail && (
            <div>
              <Typography.Text type="secondary">{t('errors.serverDetail')} </Typography.Text>
              <span>{detail}</span>
            </div>
          )}
        </>
      }
    />
  );
}
