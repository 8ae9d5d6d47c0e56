import {
  EnvironmentOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  PictureOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { hasFeature } from '@plantlens/contracts';
import { Alert, App, Button, Empty, Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { PageSpinner } from '../../../components/page-spinner';
import { useAccount } from '../../../lib/account-api';
import { useGetCurrentStatusAssetsQuery, useGetSitePlanImageQuery, useGetSitePlanQuery } from '../api';
import { assetLabel, assetTree, findNode, nodePosition, selectionZoom, type AssetNode } from '../asset-tree';
import { AssetPositionModal } from '../components/asset-position-modal';
import { AssetTreePanel } from '../components/asset-tree-panel';
import { IncidenceMap } from '../components/incidence-map';
import type { MapFocus } from '../components/incidence-map-view';
import { SitePlanModal } from '../components/site-plan-modal';
import { incidenceListFromMapPath } from '../incidence-list-params';
import type { LngLatBounds } from '../map-markers';

// The counts follow the engine: reloaded as often as the valve screens' status.
export const CURRENT_STATUS_REFRESH_MS = 30_000;
const TREE_WIDTH_PX = 300;

// /incidence-current-status (spec part 2 §2, §4): the assets with their open incidences on a map, and as a
// collapsible tree beside it. Choosing an asset in the tree zooms the map to it (8 for a root, 16 for a
// branch, 18 for a leaf); the Incidences button opens the list narrowed to the chosen asset. Administrators
// place the chosen asset (parent and position) and upload the site plan drawn behind the markers.
export function CurrentStatusIncidencePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const assets = useGetCurrentStatusAssetsQuery(undefined, {
    pollingInterval: CURRENT_STATUS_REFRESH_MS,
    refetchOnMountOrArgChange: true,
  });
  const tree = useMemo(() => assetTree(assets.data ?? []), [assets.data]);
  // The chosen asset by id, so it follows the reloaded rows (counts, a new position).
  const [selectedId, setSelectedId] = useState<number>();
  const selected = useMemo(
    () => (selectedId === undefined ? undefined : findNode(tree, selectedId)),
    [tree, selectedId],
  );
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const [treeOpen, setTreeOpen] = useState(true);
  const [placing, setPlacing] = useState(false);
  const mayPlace = hasFeature(useAccount().data?.authorities ?? [], 'Admin');
  const sitePlan = useGetSitePlanQuery();
  const plan = sitePlan.data ?? null;
  const planImage = useGetSitePlanImageQuery(plan?.version ?? '', { skip: !plan });
  const planLayer = useMemo(
    () => (plan && planImage.data ? { corners: plan.corners, imageUrl: planImage.data } : null),
    [plan, planImage.data],
  );
  const [editingPlan, setEditingPlan] = useState(false);
  const [currentView, setCurrentView] = useState<LngLatBounds | null>(null);

  const select = (node: AssetNode) => {
    setSelectedId(node.id);
    const centre = nodePosition(node);
    if (centre) setFocus({ centre, zoom: selectionZoom(node) });
    else void message.info(t('incidences.currentStatus.noPosition', { name: assetLabel(node) }));
  };

  if (assets.isLoading) return <PageSpinner />;
  if (assets.isError)
    return <ApiErrorAlert title={t('incidences.currentStatus.loadError')} error={assets.error} />;
  return (
    <Flex vertical gap={16} style={{ height: '100%' }}>
      <Flex justify="space-between" align="center" wrap gap={16}>
        <Flex align="center" gap={8}>
          <Button
            type="text"
            icon={treeOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            aria-label={t('incidences.currentStatus.toggleTree')}
            aria-expanded={treeOpen}
            onClick={() => setTreeOpen(!treeOpen)}
          />
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('routes.CurrentStatusIncidence')}
          </Typography.Title>
        </Flex>
        <Flex gap={8}>
          {mayPlace && selected && (
            <Button icon={<EnvironmentOutlined />} onClick={() => setPlacing(true)}>
              {t('incidences.currentStatus.position.edit', { name: assetLabel(selected) })}
            </Button>
          )}
          {mayPlace && plan && (
            <Button icon={<PictureOutlined />} onClick={() => setEditingPlan(true)}>
              {t('incidences.currentStatus.sitePlan.edit')}
            </Button>
          )}
          <Link to={incidenceListFromMapPath(selected?.id)}>
            <Button icon={<UnorderedListOutlined />}>
              {selected
                ? t('incidences.currentStatus.incidencesOf', { name: assetLabel(selected) })
                : t('incidences.currentStatus.incidences')}
            </Button>
          </Link>
        </Flex>
      </Flex>
      {placing && selected && (
        <AssetPositionModal asset={selected} assets={assets.data ?? []} onClose={() => setPlacing(false)} />
      )}
      {editingPlan && (
        <SitePlanModal plan={plan} currentView={currentView} onClose={() => setEditingPlan(false)} />
      )}
      {(sitePlan.isError || planImage.isError) && (
        <Alert type="warning" showIcon title={t('incidences.currentStatus.sitePlan.loadError')} />
      )}
      {mayPlace && sitePlan.isSuccess && !plan && (
        <Alert
          type="info"
          showIcon
          title={t('incidences.currentStatus.sitePlan.none')}
          action={
            <Button size="small" icon={<PictureOutlined />} onClick={() => setEditingPlan(true)}>
              {t('incidences.currentStatus.sitePlan.upload')}
            </Button>
          }
        />
      )}
      {tree.length === 0 ? (
        <Empty description={t('incidences.currentStatus.empty')} />
      ) : (
        <Flex gap={16} style={{ minHeight: 480, flex: 1 }}>
          {treeOpen && (
            <div style={{ width: TREE_WIDTH_PX, flexShrink: 0, overflow: 'auto' }}>
              <AssetTreePanel nodes={tree} selectedId={selected?.id} onSelect={select} />
            </div>
          )}
          <div style={{ flex: 1, minHeight: 480 }}>
            <IncidenceMap
              assets={assets.data ?? []}
              focus={focus}
              plan={planLayer}
              onViewChange={setCurrentView}
            />
          </div>
        </Flex>
      )}
    </Flex>
  );
}
