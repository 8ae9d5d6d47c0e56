import { App, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { incidentTargetRoute } from '../../../config/routes';
import { canAccessRoute } from '../../../lib/access';
import { useAccount } from '../../../lib/account-api';
import { useWebSettings } from '../../../lib/web-settings';
import { useGetIncidenceRulesQuery, useLazyGetIncidenceRuleVariableIdsQuery } from '../api';
import {
  incidenceExplorerPath,
  incidenceValveHistoricPath,
  type IncidenceLinkOrigin,
  type IncidenceRange,
} from '../explorer-link';
import { ValveSourceTag } from './valve-source-label';

interface IncidenceRuleLinkProps {
  name: string;
  ruleId: number;
  range: IncidenceRange;
  origin: IncidenceLinkOrigin;
  /** the rule's variables when the row carries them; otherwise asked of the server on click */
  variableIds?: number[];
}

const NO_AUTHORITIES: string[] = [];

// The rule name of an incidence summary. A rule's opens the evolution explorer on its variables over the
// incidence (spec §2); a valve failure source's (no variables) opens the valve historic analysis of its
// asset instead (and in the valve deployment a rule's opens the historic analysis too, spec §2). Summaries do not say which rules are sources: the rule list (also behind the tag filter of
// both incidence lists, so already cached) does; until it is known the name is plain text. Plain text too
// for a user without the feature of the page it would open.
export function IncidenceRuleLink({ name, ruleId, range, origin, variableIds }: IncidenceRuleLinkProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [loadVariableIds] = useLazyGetIncidenceRuleVariableIdsQuery();
  const rule = useGetIncidenceRulesQuery('', {
    selectFromResult: ({ data, isError }) => ({
      known: data !== undefined || isError,
      source: data?.find(({ id }) => id === ruleId)?.source ?? undefined,
    }),
  });
  const authorities = useAccount().data?.authorities ?? NO_AUTHORITIES;
  const target = incidentTargetRoute(useWebSettings().site.valveDeployment);
  const options = origin === 'IncidenceList' ? { ruleId } : {};
  const text = <Typography.Text>{name}</Typography.Text>;

  if (rule.source) {
    return (
      <Flex gap={4} align="center" wrap>
        {canAccessRoute('HistoricAnalysis', authorities) ? (
          <Link
            to={incidenceValveHistoricPath(rule.source, range, origin, options)}
            title={t('incidences.source.openInValves', { name })}
          >
            {name}
          </Link>
        ) : (
          text
        )}
        <ValveSourceTag />
      </Flex>
    );
  }
  if (!rule.known || !canAccessRoute(target, authorities)) return text;
  const ruleOptions = { ...options, target };
  if (variableIds) {
    return <Link to={incidenceExplorerPath(variableIds, range, origin, ruleOptions)}>{name}</Link>;
  }
  const open = async () => {
    const ids = await loadVariableIds(ruleId, true);
    if (ids.data) await navigate(incidenceExplorerPath(ids.data, range, origin, ruleOptions));
    else void message.error(t('incidences.list.variablesError'));
  };
  return <Typography.Link onClick={() => void open()}>{name}</Typography.Link>;
}
