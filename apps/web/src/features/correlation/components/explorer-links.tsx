import { DatabaseOutlined, FunctionOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES, type RouteName } from '../../../config/routes';
import { useAccount } from '../../../lib/account-api';
import { canAccessRoute } from '../../../lib/access';
import type { ExplorerFilter } from '../../explorer/explorer-query';

interface ExplorerLinksProps {
  /** the query list narrowed to this explorer */
  filter: ExplorerFilter;
  /** this screen, where the list and the aggregate variable form come back to */
  origin: RouteName;
}

// The parameter selections' ways out (spec part 2 §2): the saved queries of this explorer (feature Query)
// and a new aggregate variable (feature AggregateVariable), each shown only to who may open it.
export function ExplorerLinks({ filter, origin }: ExplorerLinksProps) {
  const { t } = useTranslation();
  const authorities = useAccount().data?.authorities ?? [];
  return (
    <Flex gap={8}>
      {canAccessRoute('QueryList', authorities) && (
        <Link to={`${ROUTES.QueryList}?${new URLSearchParams({ filter, origin })}`}>
          <Button icon={<DatabaseOutlined />}>{t('explorer.variables.queries')}</Button>
        </Link>
      )}
      {canAccessRoute('AggregateOperatedVariable', authorities) && (
        <Link to={`${ROUTES.AggregateOperatedVariable}?${new URLSearchParams({ origin })}`}>
          <Button icon={<FunctionOutlined />}>{t('explorer.variables.aggregateVariable')}</Button>
        </Link>
      )}
    </Flex>
  );
}
