import { HistoryOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Flex, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeading } from '../../../components/page-heading';
import { PageSpinner } from '../../../components/page-spinner';
import { ROUTES } from '../../../config/routes';
import { useGetIncidenceReviewQuery, useGetReferenceCurvesQuery } from '../api';
import { FailureText } from '../components/failure-text';
import { ValveChart } from '../components/valve-chart';
import { ValveInfoCard } from '../components/valve-info-card';
import { buildPairDeviationOptions, buildSignalsOptions } from '../valve-chart-options';
import { formatErrorTime, toUtcIso } from '../valve-format';
import { historicSearchFromReview, reviewParams, type ReviewParams } from '../valve-params';
import { actuationOperation, reviewMovement } from '../valve-rules';

function ReviewCharts({ params }: { params: ReviewParams }) {
  const { t } = useTranslation();
  const review = useGetIncidenceReviewQuery({
    asset: params.asset,
    initDate: toUtcIso(params.beginDate * 1000),
    endDate: toUtcIso(params.endDate * 1000),
  });
  const curves = useGetReferenceCurvesQuery(params.asset);
  // Built once per data: new options would make Highcharts redraw on every render.
  const charts = useMemo(() => {
    if (!review.data || !curves.data) return undefined;
    const operation = actuationOperation(review.data.openingValues);
    return {
      operation,
      pairDeviation: buildPairDeviationOptions(review.data, curves.data, operation, {
        torque: t('ampo.incidenceReview.torque'),
        normalCurve: t('ampo.incidenceReview.normalCurve'),
        limitCurve: t('ampo.incidenceReview.limitCurve'),
        openingLevel: t('ampo.incidenceReview.openingLevel'),
        noNormalCurve: t('ampo.incidenceReview.noNormalCurve'),
      }),
      signals: buildSignalsOptions(review.data, {
        flow: t('ampo.incidenceReview.flow'),
        pressure: t('ampo.incidenceReview.pressure'),
        pressureThreshold: t('ampo.incidenceReview.pressureThreshold'),
        temperature: t('ampo.incidenceReview.temperature'),
        elapsed: t('ampo.incidenceReview.elapsed'),
      }),
    };
  }, [review.data, curves.data, t]);
  if (review.isLoading || curves.isLoading) return <PageSpinner />;
  if (!review.data || !charts) {
    // Spec §8 asks for no message; an unobtrusive notice instead of a blank page.
    return <Alert type="warning" showIcon title={t('ampo.loadError')} data-testid="review-error" />;
  }
  const { operation } = charts;
  const historicLink = `${ROUTES.HistoricAnalysis}${historicSearchFromReview(params, reviewMovement(review.data.openingValues))}`;
  const pairTitle = `${t('ampo.incidenceReview.pairDeviation')} · ${t(`ampo.incidenceReview.${operation}`)}`;
  const signalsTitle = t('ampo.incidenceReview.signals');
  const empty = <Empty description={t('ampo.noData')} />;
  return (
    <Flex vertical gap={16}>
      <Flex justify="end">
        <Link to={historicLink}>
          <Button icon={<HistoryOutlined />}>{t('ampo.incidenceReview.toHistoric')}</Button>
        </Link>
      </Flex>
      <Card size="small" title={pairTitle}>
        {review.data.pairValues.length === 0 ? (
          empty
        ) : (
          <ValveChart testId="pair-deviation-chart" label={pairTitle} options={charts.pairDeviation} />
        )}
      </Card>
      <Card size="small" title={signalsTitle}>
        <ValveChart testId="signals-chart" label={signalsTitle} options={charts.signals} />
      </Card>
    </Flex>
  );
}

// One incident of one valve (spec part 2 §2): loads only with asset, beginDate and endDate all given.
export function IncidenceReviewPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const params = reviewParams(search);
  return (
    <Flex vertical gap={16}>
      <PageHeading backTo={ROUTES.AmpoCurrentStatus} title={t('ampo.incidenceReview.title')} />
      {!params ? (
        <Empty description={t('ampo.incidenceReview.missingParams')} data-testid="review-missing-params" />
      ) : (
        <>
          <Typography.Text strong data-testid="review-failure">
            {params.error !== undefined && (
              <>
                <FailureText code={params.error} />
                {' · '}
              </>
            )}
            {t('ampo.currentStatus.errorRange', {
              begin: formatErrorTime(params.beginDate),
              end: formatErrorTime(params.endDate),
            })}
          </Typography.Text>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={6}>
              <ValveInfoCard asset={params.asset} />
            </Col>
            <Col xs={24} lg={18}>
              <ReviewCharts params={params} />
            </Col>
          </Row>
        </>
      )}
    </Flex>
  );
}
