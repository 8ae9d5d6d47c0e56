import { AlertOutlined, HistoryOutlined } from '@ant-design/icons';
import { Empty, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner';
import { RouteTile } from '../../../components/route-tile';
import type { RouteName } from '../../../config/routes';
import { WORKSPACE_TILES } from '../../../config/workspace';
import { visibleTiles } from '../../../lib/access';
import { useAccount } from '../../../lib/account-api';

// The valve screens' tiles carry an icon and a line on what they are for.
const TILE_EXTRAS: Partial<
  Record<RouteName, { icon: ReactNode; description: 'valveStatus' | 'valveHistoric' }>
> = {
  AmpoCurrentStatus: { icon: <AlertOutlined />, description: 'valveStatus' },
  HistoricAnalysis: { icon: <HistoryOutlined />, description: 'valveHistoric' },
};

// The hub: one tile per screen the user's features open.
export function WorkspacePage() {
  const { t } = useTranslation();
  const account = useAccount();
  if (account.isLoading) return <PageSpinner />;
  const tiles = visibleTiles(WORKSPACE_TILES, account.data?.authorities ?? []);
  return (
    <>
      <Typography.Title level={3}>{t('routes.Workspace')}</Typography.Title>
      {tiles.length === 0 ? (
        <Empty description={t('workspace.empty')} />
      ) : (
        <Flex wrap gap={16}>
          {tiles.map(({ route }) => {
            const extras = TILE_EXTRAS[route];
            return (
              <RouteTile
                key={route}
                route={route}
                icon={extras?.icon}
                description={extras && t(`workspace.descriptions.${extras.description}`)}
              />
            );
          })}
        </Flex>
      )}
    </>
  );
}
