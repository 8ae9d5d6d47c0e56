import type { CurrentStatusAssetDto } from '@plantlens/contracts';
import { Alert, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../config/routes';
import { assetLabel } from '../asset-tree';
import { useIncidenceSummaries } from '../hooks/use-incidence-summaries';
import {
  incidenceListFromMapPath,
  incidenceListSearch,
  readIncidenceListParams,
  type IncidenceListParams,
} from '../incidence-list-params';

interface AssetPopupProps {
  asset: CurrentStatusAssetDto;
}

/** The count of an asset as the map says it: "2 open incidences", or not available. */
export function useCountText(): (count: number | null) => string {
  const { t } = useTranslation();
  return (count) =>
    count === null
      ? t('incidences.currentStatus.countUnknown')
      : t('incidences.currentStatus.count', { count });
}

// The popup of a marker: the asset, its open incidences (the list's first page, gravest first), each a link
// to the incidence list narrowed to it, and a link to all of them.
export function AssetPopup({ asset }: AssetPopupProps) {
  const { t } = useTranslation();
  const countText = useCountText();
  const params: IncidenceListParams = {
    ...readIncidenceListParams(new URLSearchParams()),
    origin: 'CurrentStatusIncidence',
    assets: [asset.id],
  };
  const summaries = useIncidenceSummaries(params);
  const label = assetLabel(asset);

  const body = () => {
    if (summaries.isError)
      return <Alert type="error" showIcon title={t('incidences.currentStatus.popup.loadError')} />;
    if (summaries.isFetching && summaries.rows.length === 0) return <Spin size="small" />;
    if (summaries.rows.length === 0)
      return <Typography.Text type="secondary">{t('incidences.currentStatus.popup.none')}</Typography.Text>;
    return (
      <ul
        aria-label={t('incidences.currentStatus.popup.list', { name: label })}
        style={{ margin: 0, paddingLeft: 18 }}
      >
        {summaries.rows.map((row) => (
          <li key={row.id}>
            <Link to={`${ROUTES.IncidenceList}?${incidenceListSearch({ ...params, filter: row.name })}`}>
              {row.name}
            </Link>{' '}
            <Typography.Text type="secondary">{t(`incidences.statuses.${row.status}`)}</Typography.Text>
          </li>
        ))}
      </ul>
    );
  };

  return (
    <Flex vertical gap={6} data-testid="asset-popup" style={{ minWidth: 200 }}>
      <Typography.Text strong>{label}</Typography.Text>
      <Typography.Text>{countText(asset.count)}</Typography.Text>
      {body()}
      <Link to={incidenceListFromMapPath(asset.id)}>
        {t('incidences.currentStatus.incidencesOf', { name: label })}
      </Link>
    </Flex>
  );
}
