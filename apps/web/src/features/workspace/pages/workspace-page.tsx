import { Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner';
import { RouteTile } from '../../../components/route-tile';
import { WORKSPACE_TILES } from '../../../config/workspace';
import { visibleTiles } from '../../../lib/access';
import { useAccount } from '../../../lib/account-api';

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
          {tiles.map(({ route }) => (
            <RouteTile key={route} route={route} />
          ))}
        </Flex>
      )}
    </>
  );
}
