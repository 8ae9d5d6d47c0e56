import { CheckCircleOutlined, CloseCircleOutlined, MinusOutlined } from '@ant-design/icons';
import type { AggregateBackfillDto } from '@plantlens/contracts';
import { Progress, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

// Where the calculation of a variable's history stands (issue 13): a progress bar with its percentage while
// it waits or runs, the error when it failed, a tick when done.
export function BackfillProgress({ backfill, name }: { backfill: AggregateBackfillDto; name: string }) {
  const { t } = useTranslation();
  const label = t('aggregateVariables.backfill.label', { name });
  switch (backfill.state) {
    case 'none':
      return (
        <Tooltip title={t('aggregateVariables.backfill.none')}>
          <MinusOutlined aria-label={`${label}: ${t('aggregateVariables.backfill.none')}`} />
        </Tooltip>
      );
    case 'done':
      return (
        <Typography.Text type="success" aria-label={`${label}: ${t('aggregateVariables.backfill.done')}`}>
          <CheckCircleOutlined /> 100 %
        </Typography.Text>
      );
    case 'failed':
      return (
        <Typography.Text type="danger" aria-label={`${label}: ${t('aggregateVariables.backfill.failed')}`}>
          <CloseCircleOutlined /> {t('aggregateVariables.backfill.failed')}
          {backfill.error && `: ${backfill.error}`}
        </Typography.Text>
      );
    case 'pending':
    case 'running':
      return (
        <Tooltip title={t(`aggregateVariables.backfill.${backfill.state}`)}>
          <Progress
            aria-label={label}
            percent={Math.floor(backfill.percent)}
            status="active"
            size="small"
            style={{ minWidth: 120, margin: 0 }}
          />
        </Tooltip>
      );
  }
}
