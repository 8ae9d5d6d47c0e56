import { App, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { canAccessRoute } from '../../../lib/access';
import { incidentTargetRoute } from '../../../config/routes';
import { useAccount } from '../../../lib/account-api';
import { useWebSettings } from '../../../lib/web-settings';
import { useLazyGetIncidenceRuleVariableIdsQuery } from '../api';
import { incidenceExplorerPath, type IncidenceRange } from '../explorer-link';

interface RuleExplorerLinkProps {
  name: string;
  ruleId: number;
  range: IncidenceRange;
  origin: 'IncidenceList' | 'IncidenceHistoric';
  /** the rule's variables when the row carries them; otherwise asked of the server on click */
  variableIds?: number[];
}

// A rule name that opens the evolution explorer on the rule's variables over the incidence (spec §2); plain
// text for a user without the Explore feature, whom the explorer would turn away.
export function RuleExplorerLink({ name, ruleId, range, origin, variableIds }: RuleExplorerLinkProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [loadVariableIds] = useLazyGetIncidenceRuleVariableIdsQuery();
  const target = incidentTargetRoute(useWebSettings().site.valveDeployment);
  const ruleParam = origin === 'IncidenceList' ? { ruleId, target } : { target };
  const mayExplore = canAccessRoute(target, useAccount().data?.authorities ?? []);
  if (!mayExplore) {
    return <Typography.Text>{name}</Typography.Text>;
  }
  if (variableIds) {
    return <Link to={incidenceExplorerPath(variableIds, range, origin, ruleParam)}>{name}</Link>;
  }
  const open = async () => {
    const ids = await loadVariableIds(ruleId, true);
    if (ids.data) await navigate(incidenceExplorerPath(ids.data, range, origin, ruleParam));
    else void message.error(t('incidences.list.variablesError'));
  };
  return <Typography.Link onClick={() => void open()}>{name}</Typography.Link>;
}
