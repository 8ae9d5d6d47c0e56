import { ArrowUpOutlined } from '@ant-design/icons';
import { VALVE_ASSET_TYPES, type AssetErrorDto } from '@plantlens/contracts';
import { Alert, Button, Card, Col, Flex, Row, Statistic, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageSpinner } from '../../../components/page-spinner';
import { ROUTES } from '../../../config/routes';
import { useGetPlantCurrentStatusQuery, useGetPlantTreeQuery } from '../api';
import { AssetStatusTree } from '../components/asset-status-tree';
import { CokeDrumSchematic } from '../components/coke-drum-schematic';
import { PlantSchematic } from '../components/plant-schematic';
import { alarmCounters, errorsByAsset, statusTree } from '../plant-status';
import { useValveZoom } from '../use-valve-zoom';
import { formatLastUpdate } from '../valve-format';
import { reviewSearch } from '../valve-params';

// Spec part 2 §9: the status refreshes every 30 seconds.
export const VALVE_STATUS_REFRESH_MS = 30_000;

const counterColor = (count: number) => (count > 0 ? '#cf1322' : '#389e0d');

export function AmpoCurrentStatusPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [zoom, setZoom] = useValveZoom();
  const status = useGetPlantCurrentStatusQuery(undefined, { pollingInterval: VALVE_STATUS_REFRESH_MS });
  const tree = useGetPlantTreeQuery();
  const counters = alarmCounters(status.data);
  const errors = errorsByAsset(status.data);

  // Spec §2: an asset with alarms opens the review of its first error.
  const openReview = (asset: string) => {
    const first: AssetErrorDto | undefined = errors.get(asset)?.[0];
    if (!first) return;
    void navigate(
      `${ROUTES.IncidenceReview}${reviewSearch({
        asset,
        beginDate: first.beginDate,
        endDate: first.endDate,
        error: first.errorCode,
      })}`,
    );
  };

  const lastUpdate = formatLastUpdate(status.data?.dateTime, i18n.language);
  const counter = (key: string, title: string, value: number) => (
    <Statistic
      key={key}
      title={title}
      value={value}
      styles={{ content: { color: counterColor(value), fontSize: 22 } }}
      data-testid={`alarm-counter-${key}`}
    />
  );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('ampo.currentStatus.title')}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="last-update">
            {t('ampo.currentStatus.lastUpdate', { date: lastUpdate })}
          </Typography.Text>
        </div>
        <Flex gap={24} align="center">
          {zoom === 'cokeDrum' && (
            <>
              {VALVE_ASSET_TYPES.map((type) =>
                counter(
                  type.replace(' ', ''),
                  t(`ampo.currentStatus.counters.${type}`),
                  counters.byType[type],
                ),
              )}
              <Tooltip title={t('ampo.currentStatus.goUp')}>
                <Button
                  icon={<ArrowUpOutlined />}
                  aria-label={t('ampo.currentStatus.goUp')}
                  onClick={() => setZoom('plant')}
                />
              </Tooltip>
            </>
          )}
          {counter('total', t('ampo.currentStatus.counters.total'), counters.total)}
        </Flex>
      </Flex>
      {status.isError && (
        // Spec §8 asks for no message; a quiet notice beats a stale or blank screen.
        <Alert type="warning" showIcon title={t('ampo.loadError')} data-testid="status-error" />
      )}
      {status.isLoading ? (
        <PageSpinner />
      ) : zoom === 'plant' ? (
        <Card size="small">
          <PlantSchematic alarm={counters.total > 0} onZoom={() => setZoom('cokeDrum')} />
        </Card>
      ) : (
        <Row gutter={16}>
          <Col xs={24} lg={14}>
            <Card size="small">
              <CokeDrumSchematic errors={errors} onOpen={openReview} />
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card size="small" title={t('ampo.currentStatus.assets')}>
              {tree.isError ? (
                <Alert type="warning" showIcon title={t('ampo.loadError')} />
              ) : tree.data ? (
                <AssetStatusTree nodes={statusTree(tree.data, errors)} errors={errors} onOpen={openReview} />
              ) : (
                <PageSpinner />
              )}
            </Card>
          </Col>
        </Row>
      )}
    </Flex>
  );
}
