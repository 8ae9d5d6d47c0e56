import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES, type RouteName } from '../config/routes';

interface RouteTileProps {
  route: RouteName;
}

// A hub tile opening a route, titled with the route's name.
export function RouteTile({ route }: RouteTileProps) {
  const { t } = useTranslation();
  return (
    <Link to={ROUTES[route]} data-testid={`tile-${route}`}>
      <Card hoverable style={{ width: 220, height: 110 }}>
        <Typography.Text strong>{t(`routes.${route}`)}</Typography.Text>
      </Card>
    </Link>
  );
}
