import { CalculatorOutlined, FunctionOutlined, RiseOutlined } from '@ant-design/icons';
import type { AggregateGoal } from '@plantlens/contracts';
import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { RouteTile } from '../../../components/route-tile';
import { ROUTES } from '../../../config/routes';
import { canAccessRoute } from '../../../lib/access';
import { useAccount } from '../../../lib/account-api';
import { aggregateMenuTiles } from '../aggregate-menu-tiles';

const NO_AUTHORITIES: string[] = [];
const ICONS: Record<AggregateGoal, ReactNode> = {
  operated: <CalculatorOutlined />,
  gradual: <RiseOutlined />,
  metrical: <FunctionOutlined />,
};

// /aggregate-variable/menu (spec part 1 §2): one tile per kind of aggregate variable, opening its list.
export function AggregateVariableMenuPage() {
  const { t } = useTranslation();
  const authorities = useAccount().data?.authorities ?? NO_AUTHORITIES;
  const tiles = aggregateMenuTiles((route) => canAccessRoute(route, authorities));
  return (
    <Flex vertical gap={16}>
      <PageHeading backTo={ROUTES.Workspace} title={t('routes.AggregateVariableMenu')} level={3} />
      <Flex wrap gap={16}>
        {tiles.map(({ goal, route, available }) => {
          const title = t(`aggregateVariables.menu.${goal}`);
          const description = t(`aggregateVariables.menu.${goal}Description`);
          return available ? (
            <RouteTile key={goal} route={route} title={title} icon={ICONS[goal]} description={description} />
          ) : (
            <Card
              key={goal}
              data-testid={`tile-${route}`}
              aria-disabled
              style={{ width: 240, height: 150, opacity: 0.5, cursor: 'not-allowed' }}
            >
              <Flex vertical gap={4}>
                <Typography.Text strong disabled>
                  <span style={{ marginRight: 8 }}>{ICONS[goal]}</span>
                  {title}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('aggregateVariables.menu.unavailable')}
                </Typography.Text>
              </Flex>
            </Card>
          );
        })}
      </Flex>
    </Flex>
  );
}
