import { aggregateInputIds, type AggregateDefinition } from '@plantlens/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { Card, Empty, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { LANGUAGE_TAGS, toLanguage } from '../../../config/languages';
import { useDebouncedValue } from '../../../lib/use-debounced';
import { useGetTimelineDataQuery } from '../../explorer/api';
import { EvolutionChart } from '../../explorer/components/evolution-chart';
import { usePreviewAggregateVariableQuery } from '../api';
import { previewChartOptions } from '../preview-chart-options';

// The preview asks the server once the calculation has stopped changing this long.
export const PREVIEW_DEBOUNCE_MS = 600;
// Columns the inputs are reduced to: the width of the small chart, generously.
const PREVIEW_WIDTH_PX = 800;

interface AggregatePreviewProps {
  /** the calculation as the form stands, null while incomplete */
  definition: AggregateDefinition | null;
  /** the name typed so far, for the legend */
  name: string;
}

// Beyond the spec (issue 13): before anything is saved, the aggregate over the last 24 hours computed on
// the fly by the server, drawn with its inputs read as the explorer reads them.
export function AggregatePreview({ definition, name }: AggregatePreviewProps) {
  const { t, i18n } = useTranslation();
  // Compared by content: the form builds a new object on every change.
  const settled = useDebouncedValue(definition && JSON.stringify(definition), PREVIEW_DEBOUNCE_MS);
  const request = useMemo(() => (settled ? (JSON.parse(settled) as AggregateDefinition) : null), [settled]);
  const preview = usePreviewAggregateVariableQuery(request ?? skipToken);
  const inputs = useGetTimelineDataQuery(
    request && preview.data
      ? {
          variableIds: aggregateInputIds(request),
          startDate: preview.data.fromMs,
          endDate: preview.data.toMs,
          width: PREVIEW_WIDTH_PX,
        }
      : skipToken,
  );
  const label = name.trim() || t('aggregateVariables.preview.unnamed');

  let body;
  if (!request) {
    body = <Typography.Text type="secondary">{t('aggregateVariables.preview.incomplete')}</Typography.Text>;
  } else if (preview.isError) {
    body = <ApiErrorAlert title={t('aggregateVariables.preview.error')} error={preview.error} />;
  } else if (!preview.data || preview.isFetching || inputs.isLoading) {
    body = <Spin aria-label={t('app.loading')} />;
  } else if (
    preview.data.points.length === 0 &&
    !inputs.data?.variables.some(({ data }) => data.length > 0)
  ) {
    body = <Empty description={t('aggregateVariables.preview.empty')} />;
  } else {
    body = (
      <>
        {inputs.isError && (
          <ApiErrorAlert title={t('aggregateVariables.preview.inputsError')} error={inputs.error} />
        )}
        <div style={{ height: 260 }} data-testid="aggregate-preview-chart">
          <EvolutionChart
            options={previewChartOptions({
              label,
              preview: preview.data,
              inputs: inputs.data?.variables ?? [],
              locale: LANGUAGE_TAGS[toLanguage(i18n.language)],
            })}
          />
        </div>
        <Typography.Text type="secondary">
          {t('aggregateVariables.preview.points', { count: preview.data.count })}
        </Typography.Text>
      </>
    );
  }
  return (
    <Card title={t('aggregateVariables.preview.title')} size="small">
      {body}
    </Card>
  );
}
