import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { PageSpinner } from '../../../components/page-spinner';
import { useIdParam } from '../../../lib/use-id-param';
import { aggregateEditorPath } from '../aggregate-origin';
import { useGetAggregateVariableQuery } from '../api';

// /aggregate-variable/edit?id=&origin=: the variable tables know only that a row is an aggregate, not its
// goal; this reads the variable and opens the editor of its goal, keeping the origin.
export function AggregateVariableEditPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = useIdParam();
  const variable = useGetAggregateVariableQuery(id ?? skipToken);
  if (variable.isLoading) return <PageSpinner />;
  if (id === undefined || !variable.data)
    return <ApiErrorAlert title={t('aggregateVariables.edit.loadError')} error={variable.error} />;
  return (
    <Navigate
      replace
      to={aggregateEditorPath(variable.data.goal, { id, origin: searchParams.get('origin') })}
    />
  );
}
