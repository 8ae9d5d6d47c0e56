import {
  AlertOutlined,
  AuditOutlined,
  CalculatorOutlined,
  ClearOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  HistoryOutlined,
  NotificationOutlined,
  SaveOutlined,
  TableOutlined,
  ThunderboltOutlined,
  UploadOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Card, Empty, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteTile } from '../../../components/route-tile';
import { WORKSPACE_TILES } from '../../../config/workspace';
import { visibleTiles } from '../../../lib/access';
import { useAccount } from '../../../lib/account-api';
import { TileFigure, type FigureName } from '../components/tile-figure';
import type { workspaceEnGB } from '../i18n';

type TileRoute = keyof typeof workspaceEnGB.descriptions;

// Each tile's icon and, where one fits, its live figure; the description is `workspace.descriptions.<route>`.
const TILE_LOOKS: Record<TileRoute, { icon: ReactNode; figure?: FigureName }> = {
  EventList: { icon: <NotificationOutlined /> },
  RuleList: { icon: <ThunderboltOutlined /> },
  IncidenceList: { icon: <WarningOutlined />, figure: 'openIncidences' },
  RuleIncidenceList: { icon: <AuditOutlined />, figure: 'incidenceRules' },
  AmpoCurrentStatus: { icon: <AlertOutlined />, figure: 'valvesInAlarm' },
  HistoricAnalysis: { icon: <HistoryOutlined /> },
  AggregateVariableMenu: { icon: <CalculatorOutlined /> },
  QueryList: { icon: <SaveOutlined />, figure: 'savedQueries' },
  RawVariableList: { icon: <DatabaseOutlined /> },
  VariableManagement: { icon: <TableOutlined />, figure: 'variables' },
  CsvUploader: { icon: <UploadOutlined /> },
  PerformanceBackoffice: { icon: <DashboardOutlined /> },
  CacheManagement: { icon: <ClearOutlined /> },
};

const isTileRoute = (route: string): route is TileRoute => route in TILE_LOOKS;

function TileSkeletons() {
  return (
    <Flex wrap gap={16} aria-busy="true">
      {[1, 2, 3].map((key) => (
        <Card key={key} style={{ width: 240, height: 150 }}>
          <Skeleton active title paragraph={{ rows: 2 }} />
        </Card>
      ))}
    </Flex>
  );
}

// The hub: one tile per screen the user's features open, with what it is for and a live figure.
export function WorkspacePage() {
  const { t } = useTranslation();
  const account = useAccount();
  const tiles = visibleTiles(WORKSPACE_TILES, account.data?.authorities ?? []);
  return (
    <>
      <Typography.Title level={3}>{t('routes.Workspace')}</Typography.Title>
      {account.isLoading ? (
        <TileSkeletons />
      ) : tiles.length === 0 ? (
        <Empty description={t('workspace.empty')} />
      ) : (
        <Flex wrap gap={16}>
          {tiles.map(({ route }) => {
            const looks = isTileRoute(route) ? TILE_LOOKS[route] : undefined;
            return (
              <RouteTile
                key={route}
                route={route}
                icon={looks?.icon}
                description={isTileRoute(route) ? t(`workspace.descriptions.${route}`) : undefined}
                figure={looks?.figure && <TileFigure name={looks.figure} />}
              />
            );
          })}
        </Flex>
      )}
    </>
  );
}
