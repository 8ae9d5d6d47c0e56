import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES, type RouteName } from '../config/routes';

interface RouteTileProps {
  route: RouteName;
  /** when the route's own name does not say what the tile opens */
  title?: string;
}

// A hub tile opening a route, titled with the route's name unless told otherwise.
export function RouteTile({ route, title }: RouteTileProps) {
  const { t } = useTranslation();
  return (
    <Link to={ROUTES[route]} data-testid={`tile-${route}`}>
      <Card hoverable style={{ width: 220, height: 110 }}>
        <Typography.Text strong>{title ?? t(`routes.${route}`)}</Typography.Text>
      </Card>
    </Link>
  );
}
