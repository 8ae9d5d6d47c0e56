import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { RouteTile } from '../../../components/route-tile';
import { ROUTES } from '../../../config/routes';
import { canAccessRoute } from '../../../lib/access';
import { useAccount } from '../../../lib/account-api';

const NO_AUTHORITIES: string[] = [];
const LINKS = ['ExplorerCorrelationVariables', 'ExplorerMultipleCorrelationVariables'] as const;

// The correlation menu (spec part 2 §2): simple and multiple correlation, each shown with feature Explore.
export function ExplorerCorrelationMenuPage() {
  const { t } = useTranslation();
  const authorities = useAccount().data?.authorities ?? NO_AUTHORITIES;
  return (
    <Flex vertical gap={16}>
      <PageHeading backTo={ROUTES.Explore} title={t('routes.ExplorerCorrelationMenu')} level={3} />
      <Flex wrap gap={16}>
        {LINKS.filter((route) => canAccessRoute(route, authorities)).map((route) => (
          <RouteTile key={route} route={route} title={t(`explorer.home.${route}`)} />
        ))}
      </Flex>
    </Flex>
  );
}
