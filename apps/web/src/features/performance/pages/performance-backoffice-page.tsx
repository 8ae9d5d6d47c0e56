import {
  ClockCircleOutlined,
  CloudDownloadOutlined,
  CloudUploadOutlined,
  DatabaseOutlined,
  FieldTimeOutlined,
  HddOutlined,
  NodeIndexOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import {
  PERFORMANCE_SAMPLE_SECONDS,
  type ConsumerGroupLagDto,
  type MetricsReadFailureDto,
  type PerformanceDto,
} from '@plantlens/contracts';
import { Empty, Flex, Skeleton, Table, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { ROUTES } from '../../../config/routes';
import { formatSize } from '../../../lib/format-size';
import { useGetPerformanceQuery } from '../api';
import { FigureTile } from '../components/figure-tile';
import { PerformanceChart } from '../components/performance-chart';
import { formatDuration, formatNumber, formatSampleTime, timeSeries } from '../performance-format';

// Why a service is down: the kind in the user's language, then the gateway's technical detail as it met it.
function FailureReason({ failure }: { failure: MetricsReadFailureDto }) {
  const { t } = useTranslation();
  const status = failure.kind === 'http-status' ? failure.status : undefined;
  return (
    <>
      <div>{t(`performance.failures.${failure.kind}`, { status })}</div>
      <code>{failure.detail}</code>
    </>
  );
}

function ServiceBadges({ services }: Pick<PerformanceDto, 'services'>) {
  const { t } = useTranslation();
  return (
    <Flex gap={4} wrap align="center" role="list" aria-label={t('performance.services')}>
      {services.map((service) => (
        <Tooltip key={service.name} title={!service.up && <FailureReason failure={service.failure} />}>
          <Tag role="listitem" color={service.up ? 'success' : 'error'}>
            {t(service.up ? 'performance.serviceUp' : 'performance.serviceDown', { name: service.name })}
          </Tag>
        </Tooltip>
      ))}
    </Flex>
  );
}

function ConsumerGroups({ groups }: { groups: ConsumerGroupLagDto[] }) {
  const { t, i18n } = useTranslation();
  const notReported = t('performance.notReported');
  return (
    <Table<ConsumerGroupLagDto>
      size="small"
      rowKey="group"
      title={() => t('performance.groups.title')}
      dataSource={groups}
      pagination={false}
      style={{ maxWidth: 640 }}
      columns={[
        { key: 'group', title: t('performance.groups.group'), dataIndex: 'group' },
        {
          key: 'messages',
          title: t('performance.groups.messages'),
          align: 'right',
          render: (_, { lagMessages }) => formatNumber(lagMessages, i18n.language),
        },
        {
          key: 'seconds',
          title: t('performance.groups.seconds'),
          align: 'right',
          render: (_, { lagSeconds }) =>
            lagSeconds === null ? notReported : formatDuration(lagSeconds, i18n.language),
        },
      ]}
    />
  );
}

// /performance/backoffice (feature Superadmin, issue 16): the services' live figures, refreshed at the pace
// the gateway samples them, with the last hour in small charts and the services that do not answer flagged.
export function PerformanceBackofficePage() {
  const { t, i18n } = useTranslation();
  const performance = useGetPerformanceQuery(undefined, {
    pollingInterval: PERFORMANCE_SAMPLE_SECONDS * 1000,
  });
  const language = i18n.language;
  const history = performance.data?.history;
  const charts = useMemo(
    () =>
      history && [
        {
          title: t('performance.charts.points'),
          lines: [
            { name: t('performance.charts.pointsIn'), data: timeSeries(history, 'pointsInPerSecond') },
            {
              name: t('performance.charts.pointsWritten'),
              data: timeSeries(history, 'pointsWrittenPerSecond'),
            },
          ],
        },
        {
          title: t('performance.charts.lags'),
          lines: [
            { name: t('performance.charts.consumerLag'), data: timeSeries(history, 'consumerLagSeconds') },
            { name: t('performance.charts.rollupLag'), data: timeSeries(history, 'rollupLagSeconds') },
            { name: t('performance.charts.rulesLag'), data: timeSeries(history, 'rulesLagSeconds') },
          ],
        },
        {
          title: t('performance.charts.latency'),
          lines: [
            { name: t('performance.charts.p50'), data: timeSeries(history, 'latencyP50Seconds') },
            { name: t('performance.charts.p95'), data: timeSeries(history, 'latencyP95Seconds') },
          ],
        },
      ],
    [history, t],
  );

  const heading = <PageHeading backTo={ROUTES.Workspace} title={t('performance.title')} level={3} />;
  if (performance.isError && !performance.data) {
    return (
      <>
        {heading}
        <ApiErrorAlert title={t('performance.loadError')} error={performance.error} />
      </>
    );
  }
  if (!performance.data) {
    return (
      <>
        {heading}
        <Skeleton active aria-busy="true" paragraph={{ rows: 6 }} />
      </>
    );
  }

  const { current, consumerGroups, services } = performance.data;
  const notReported = t('performance.notReported');
  const shown = (value: number | null | undefined, format: (value: number) => string) =>
    value === null || value === undefined ? notReported : format(value);
  const rate = (value: number) => t('performance.perSecond', { value: formatNumber(value, language) });
  const duration = (value: number) => formatDuration(value, language);
  const figures =
    current &&
    ([
      { key: 'pointsIn', icon: <CloudDownloadOutlined />, value: shown(current.pointsInPerSecond, rate) },
      {
        key: 'pointsWritten',
        icon: <CloudUploadOutlined />,
        value: shown(current.pointsWrittenPerSecond, rate),
      },
      {
        key: 'consumerLag',
        icon: <NodeIndexOutlined />,
        value:
          current.consumerLagMessages === null
            ? notReported
            : `${t('performance.messages', { value: formatNumber(current.consumerLagMessages, language) })} · ${shown(current.consumerLagSeconds, duration)}`,
      },
      { key: 'rollupLag', icon: <FieldTimeOutlined />, value: shown(current.rollupLagSeconds, duration) },
      { key: 'rulesLag', icon: <ThunderboltOutlined />, value: shown(current.rulesLagSeconds, duration) },
      {
        key: 'latency',
        icon: <ClockCircleOutlined />,
        value:
          current.latencyP50Seconds === null
            ? notReported
            : `${duration(current.latencyP50Seconds)} / ${shown(current.latencyP95Seconds, duration)}`,
      },
      {
        key: 'databaseSize',
        icon: <DatabaseOutlined />,
        value: shown(current.databaseSizeBytes, (bytes) => formatSize(bytes, language)),
      },
      {
        key: 'bytesPerPoint',
        icon: <HddOutlined />,
        value: shown(current.bytesPerPoint, (bytes) => formatNumber(bytes, language)),
      },
    ] as const);

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        {heading}
        <ServiceBadges services={services} />
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('performance.intro', { seconds: performance.data.sampleSeconds })}
        {current && ` ${t('performance.updatedAt', { time: formatSampleTime(current.at, language) })}`}
      </Typography.Paragraph>
      {performance.isError && <ApiErrorAlert title={t('performance.loadError')} error={performance.error} />}
      {!figures ? (
        <Empty description={t('performance.noSamples')} />
      ) : (
        <>
          <Flex wrap gap={12}>
            {figures.map(({ key, icon, value }) => (
              <FigureTile
                key={key}
                icon={icon}
                title={t(`performance.figures.${key}`)}
                value={value}
                description={t(`performance.figures.${key}Description`)}
              />
            ))}
          </Flex>
          <Flex wrap gap={12}>
            {charts?.map(({ title, lines }) => (
              <PerformanceChart key={title} title={title} lines={lines} />
            ))}
          </Flex>
          {consumerGroups.length > 0 && <ConsumerGroups groups={consumerGroups} />}
        </>
      )}
    </Flex>
  );
}
