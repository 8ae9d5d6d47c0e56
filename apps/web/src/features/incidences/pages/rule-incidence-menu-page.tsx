import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { RouteTile } from '../../../components/route-tile';
import { ROUTES } from '../../../config/routes';

// /rule-incidence/add (spec part 2 §2): one rule, or one rule per variable of a batch.
export function RuleIncidenceMenuPage() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <PageHeading backTo={ROUTES.RuleIncidenceList} title={t('routes.RuleIncidenceMenu')} level={3} />
      <Flex wrap gap={16}>
        <RouteTile route="RuleIncidenceSingle" title={t('incidences.ruleMenu.single')} />
        <RouteTile route="RuleIncidenceBatch" title={t('incidences.ruleMenu.batch')} />
      </Flex>
    </Flex>
  );
}
