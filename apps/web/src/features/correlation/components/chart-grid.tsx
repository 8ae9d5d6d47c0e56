import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { Alert, Card, Empty, Flex, Spin } from 'antd';
import type { Options } from 'highcharts';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { ScatterChart } from './scatter-chart';

export type ChartPanel = { key: string; title: string; notice?: string } & (
  | { state: 'loading' }
  | { state: 'error'; error: FetchBaseQueryError | SerializedError | undefined }
  | { state: 'empty' }
  | { state: 'ready'; options: Options }
);

const centered = { height: '100%', justifyContent: 'center', alignItems: 'center' } as const;

// The charts of a correlation view, 1, 2 or 4 per view (spec part 2 §2): one fills the page, two stand
// side by side, three or four share a 2 × 2 grid.
export function ChartGrid({ panels }: { panels: ChartPanel[] }) {
  const { t } = useTranslation();
  const columns = panels.length === 1 ? 1 : 2;
  const height = panels.length <= 2 ? 'max(360px, calc(100vh - 300px))' : 'max(280px, calc(50vh - 170px))';
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 16 }}>
      {panels.map((panel) => (
        <Card key={panel.key} title={panel.title} size="small" data-testid="correlation-chart">
          {panel.notice && <Alert type="warning" showIcon title={panel.notice} style={{ marginBottom: 8 }} />}
          <div style={{ height }} aria-busy={panel.state === 'loading'}>
            {panel.state === 'loading' && (
              <Flex style={centered}>
                <Spin size="large" aria-label={t('app.loading')} />
              </Flex>
            )}
            {panel.state === 'error' && (
              <ApiErrorAlert title={t('correlation.chart.loadError')} error={panel.error} />
            )}
            {panel.state === 'empty' && (
              <Empty style={centered} description={t('correlation.chart.noData')} />
            )}
            {panel.state === 'ready' && <ScatterChart options={panel.options} />}
          </div>
        </Card>
      ))}
    </div>
  );
}
