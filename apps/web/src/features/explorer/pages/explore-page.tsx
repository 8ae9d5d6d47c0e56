import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RouteTile } from '../../../components/route-tile';
import { canAccessRoute } from '../../../lib/access';
import { useAccount } from '../../../lib/account-api';
import { correlationTileRoute } from '../explore-tiles';

const NO_AUTHORITIES: string[] = [];

// Explorer home (spec part 2 §2): a tile to the evolution explorer and one to correlation, through its menu
// for benchmark users.
export function ExplorePage() {
  const { t } = useTranslation();
  const authorities = useAccount().data?.authorities ?? NO_AUTHORITIES;
  const tiles = [
    { route: 'ExplorerEvolutionVariables', title: t('explorer.home.evolution') },
    { route: correlationTileRoute(authorities), title: t('explorer.home.correlation') },
  ] as const;
  return (
    <>
      <Typography.Title level={3}>{t('routes.Explore')}</Typography.Title>
      <Flex wrap gap={16}>
        {tiles
          .filter(({ route }) => canAccessRoute(route, authorities))
          .map(({ route, title }) => (
            <RouteTile key={route} route={route} title={title} />
          ))}
      </Flex>
    </>
  );
}
