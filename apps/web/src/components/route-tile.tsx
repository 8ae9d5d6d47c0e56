import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES, type RouteName } from '../config/routes';

interface RouteTileProps {
  route: RouteName;
  /** when the route's own name does not say what the tile opens */
  title?: string;
  icon?: ReactNode;
  /** a line under the title saying what the screen is for */
  description?: string;
  /** a live figure of the screen's contents (the workspace's open incidences, saved queries…) */
  figure?: ReactNode;
}

// A hub tile opening a route, titled with the route's name unless told otherwise.
export function RouteTile({ route, title, icon, description, figure }: RouteTileProps) {
  const { t } = useTranslation();
  return (
    <Link to={ROUTES[route]} data-testid={`tile-${route}`}>
      <Card hoverable style={{ width: 240, height: description || figure ? 150 : 110 }}>
        <Flex vertical gap={4}>
          <Typography.Text strong>
            {icon && <span style={{ marginRight: 8 }}>{icon}</span>}
            {title ?? t(`routes.${route}`)}
          </Typography.Text>
          {description && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {description}
            </Typography.Text>
          )}
          {figure && <div data-testid={`figure-${route}`}>{figure}</div>}
        </Flex>
      </Card>
    </Link>
  );
}
