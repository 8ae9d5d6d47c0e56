import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorKind, apiErrorMessage } from '../lib/api-error';

interface ApiErrorDescriptionProps {
  error: FetchBaseQueryError | SerializedError | undefined;
}

// The services explain a failure in English (ApiErrorDto.message). An error alert leads with what the
// failure means in the page's language, then keeps the server's own words as the detail an engineer or
// IT can act on (which field, which service).
export function ApiErrorDescription({ error }: ApiErrorDescriptionProps) {
  const { t } = useTranslation();
  const detail = apiErrorMessage(error);
  return (
    <>
      <div>{t(`errors.${apiErrorKind(error)}`)}</div>
      {detail && (
        <div>
          <Typography.Text type="secondary">{t('errors.serverDetail')} </Typography.Text>
          <span>{detail}</span>
        </div>
      )}
    </>
  );
}
