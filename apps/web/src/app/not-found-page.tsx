import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES } from '../config/routes';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      extra={
        <Link to={ROUTES.ExplorerEvolution}>
          <Button type="primary">{t('notFound.backToExplorer')}</Button>
        </Link>
      }
    />
  );
}
