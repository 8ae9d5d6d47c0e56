import { DatabaseOutlined, FunctionOutlined } from '@ant-design/icons';
import { Button, Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ArrivalAlert } from '../../../components/arrival-alert';
import { RangeSelector } from '../../../components/date-range/range-selector';
import { PageHeading } from '../../../components/page-heading';
import { ROUTES, type RouteName } from '../../../config/routes';
import { canAccessRoute } from '../../../lib/access';
import { useAccount } from '../../../lib/account-api';
import type { RangeSelection } from '../../../lib/date-ranges';
import type { ExplorerFilter } from '../../explorer/explorer-query';

interface SelectionFrameProps {
  title: string;
  /** the query list narrowed to this explorer */
  filter: ExplorerFilter;
  /** this screen, where the list and the aggregate variable form come back to */
  origin: RouteName;
  rangeSelection: RangeSelection;
  onRangeChange: (selection: RangeSelection) => void;
  /** Cancel: back to an empty selection */
  onCancel: () => void;
  /** opens the charts of the selection, once it is complete */
  onExplore: () => void;
  canExplore: boolean;
  /** the cards of what this explorer selects, between the heading and the dates */
  children: ReactNode;
}

// The frame of both correlation parameter selections: the heading with Back to Explore and the ways out of
// spec part 2 §2 (the saved queries of this explorer with feature Query, a new aggregate variable with
// feature AggregateVariable, each shown only to who may open it), the explorer's own cards, the dates, and
// Cancel and Explore.
export function SelectionFrame({
  title,
  filter,
  origin,
  rangeSelection,
  onRangeChange,
  onCancel,
  onExplore,
  canExplore,
  children,
}: SelectionFrameProps) {
  const { t } = useTranslation();
  const authorities = useAccount().data?.authorities ?? [];
  return (
    <Flex vertical gap={16}>
      <ArrivalAlert />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageHeading backTo={ROUTES.Explore} title={title} />
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
      </Flex>
      {children}
      <Card title={t('dateRange.label')}>
        <RangeSelector value={rangeSelection} onChange={onRangeChange} />
      </Card>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" disabled={!canExplore} onClick={onExplore}>
          {t('explorer.explore')}
        </Button>
      </Flex>
    </Flex>
  );
}
