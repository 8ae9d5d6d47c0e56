import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { ROUTES, homeRoute } from '../config/routes';
import { useWebSettings } from '../lib/web-settings';

// An address that leads to no page (any path the route table lacks, /ampo/… included) says so and leads
// back to the deployment's home, instead of silently showing the home page.
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const home = homeRoute(useWebSettings().site.valveDeployment);
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.description', { path: pathname })}
      extra={
        <Link to={ROUTES[home]}>
          <Button type="primary">{t('notFound.back', { page: t(`routes.${home}`) })}</Button>
        </Link>
      }
    />
  );
}
