import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RouteTile } from '../../../components/route-tile';
import { useAccount } from '../../../lib/account-api';
import { canAccessRoute } from '../../../lib/access';
import type { RouteName } from '../../../config/routes';

// Explorer home (spec part 2 §2): evolution, and correlation through its menu for benchmark users.
export function ExplorePage() {
  const { t } = useTranslation();
  const authorities = useAccount().data?.authorities ?? [];
  const correlation: RouteName = canAccessRoute('ExplorerCorrelationMenu', authorities)
    ? 'ExplorerCorrelationMenu'
    : 'ExplorerCorrelationVariables';
  const tiles = (['ExplorerEvolution', correlation] as RouteName[]).filter((route) =>
    canAccessRoute(route, authorities),
  );
  return (
    <>
      <Typography.Title level={3}>{t('routes.Explore')}</Typography.Title>
      <Flex wrap gap={16}>
        {tiles.map((route) => (
          <RouteTile key={route} route={route} />
        ))}
      </Flex>
    </>
  );
}
