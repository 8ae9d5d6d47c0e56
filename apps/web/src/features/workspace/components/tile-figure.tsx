import { Skeleton, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  useGetIncidenceRuleCountQuery,
  useGetOpenIncidenceCountQuery,
  useGetSavedQueryCountQuery,
  useGetValvesInAlarmCountQuery,
  useGetVariableCountQuery,
} from '../api';

export type FigureName = 'openIncidences' | 'incidenceRules' | 'valvesInAlarm' | 'savedQueries' | 'variables';

interface CountResult {
  data?: number;
  isLoading: boolean;
  isError: boolean;
}

// A tile's live figure: a skeleton while it loads, a dash (with the reason on hover) when it failed.
function CountFigure({ result, name }: { result: CountResult; name: FigureName }) {
  const { t } = useTranslation();
  if (result.isLoading) return <Skeleton.Input active size="small" aria-label={t('app.loading')} />;
  if (result.isError || result.data === undefined) {
    return (
      <Tooltip title={t('workspace.figures.unavailable')}>
        <Typography.Text type="secondary" aria-label={t('workspace.figures.unavailable')}>
          —
        </Typography.Text>
      </Tooltip>
    );
  }
  return (
    <Typography.Text strong type={name === 'valvesInAlarm' && result.data > 0 ? 'danger' : undefined}>
      {t(`workspace.figures.${name}`, { count: result.data })}
    </Typography.Text>
  );
}

// One component per figure: each asks only its own call, and only when its tile is shown.
const OpenIncidences = () => <CountFigure name="openIncidences" result={useGetOpenIncidenceCountQuery()} />;
const IncidenceRules = () => <CountFigure name="incidenceRules" result={useGetIncidenceRuleCountQuery()} />;
const ValvesInAlarm = () => <CountFigure name="valvesInAlarm" result={useGetValvesInAlarmCountQuery()} />;
const SavedQueries = () => <CountFigure name="savedQueries" result={useGetSavedQueryCountQuery()} />;
const Variables = () => <CountFigure name="variables" result={useGetVariableCountQuery()} />;

const FIGURES = {
  openIncidences: OpenIncidences,
  incidenceRules: IncidenceRules,
  valvesInAlarm: ValvesInAlarm,
  savedQueries: SavedQueries,
  variables: Variables,
} satisfies Record<FigureName, () => React.JSX.Element>;

export function TileFigure({ name }: { name: FigureName }) {
  const Figure = FIGURES[name];
  return <Figure />;
}
