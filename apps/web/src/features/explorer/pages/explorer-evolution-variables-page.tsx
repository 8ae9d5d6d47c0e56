import { DeleteOutlined, PlusOutlined, SearchOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { hasFeature, type VariableMinimalDto } from '@plantlens/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { Button, Card, Flex, Form, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { ArrivalAlert } from '../../../components/arrival-alert';
import { RangeSelector } from '../../../components/date-range/range-selector';
import { PageHeading } from '../../../components/page-heading';
import { PageSpinner } from '../../../components/page-spinner';
import { VariableSelect } from '../../../components/variable-pickers/variable-select';
import { VariableSelectionModal } from '../../../components/variable-pickers/variable-selection-modal';
import { ROUTES } from '../../../config/routes';
import { useAccount } from '../../../lib/account-api';
import {
  DEFAULT_RANGE_PRESET,
  resolveRangeSelection,
  type RangeSelection,
  type DateRange,
} from '../../../lib/date-ranges';
import { useGetMinimalVariablesQuery } from '../../../lib/variable-api';
import { MAX_EVOLUTION_VARIABLES, parseEvolutionQuery, viewSearch } from '../explorer-query';
import { rowRules } from '../parameter-rows';

const NO_AUTHORITIES: string[] = [];
const ORIGIN = 'ExplorerEvolutionVariables';

// A row keeps its key when rows above it go, so each selector keeps its own search.
interface Row {
  key: number;
  variable: VariableMinimalDto | null;
}
let lastRowKey = 0;
const newRow = (variable: VariableMinimalDto | null = null): Row => ({ key: (lastRowKey += 1), variable });

// /explorer-evolution-variables (spec part 2 §2): reads variables, startDate and endDate, and hands every
// opt* parameter on to the chart.
export function ExplorerEvolutionVariablesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { variableIds, range } = useMemo(() => parseEvolutionQuery(params), [params]);
  const known = useGetMinimalVariablesQuery(variableIds.length > 0 ? variableIds : skipToken);
  if (known.isLoading) return <PageSpinner />;
  // In the address's order; ids the server no longer knows are left out.
  const initialRows = variableIds.flatMap((id) => known.data?.find((variable) => variable.id === id) ?? []);
  return (
    <>
      <ArrivalAlert />
      {known.isError && <ApiErrorAlert title={t('variablePicker.loadError')} error={known.error} />}
      <EvolutionParameterForm
        key={params.toString()}
        params={params}
        initialRows={initialRows}
        initialRange={range}
      />
    </>
  );
}

interface EvolutionParameterFormProps {
  params: URLSearchParams;
  initialRows: VariableMinimalDto[];
  initialRange: DateRange | null;
}

function EvolutionParameterForm({ params, initialRows, initialRange }: EvolutionParameterFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const authorities = useAccount().data?.authorities ?? NO_AUTHORITIES;
  const [rows, setRows] = useState<Row[]>(() =>
    initialRows.length > 0 ? initialRows.map((variable) => newRow(variable)) : [newRow()],
  );
  const [range, setRange] = useState<RangeSelection>(
    initialRange ? { choice: 'custom', range: initialRange } : { choice: DEFAULT_RANGE_PRESET },
  );
  const [selecting, setSelecting] = useState(false);
  const variables = rows.map(({ variable }) => variable);
  const { canExplore, canAdd, canRemove } = rowRules(variables, MAX_EVOLUTION_VARIABLES);
  const chosen = variables.filter((variable): variable is VariableMinimalDto => variable !== null);

  const setRow = (key: number, variable: VariableMinimalDto) =>
    setRows(rows.map((row) => (row.key === key ? { key, variable } : row)));
  const explore = () => {
    const search = viewSearch(params, {
      variableIds: chosen.map(({ id }) => id),
      range: resolveRangeSelection(range, dayjs()),
    });
    navigate(`${ROUTES.ExplorerEvolution}?${search}`);
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageHeading backTo={ROUTES.Explore} title={t('routes.ExplorerEvolutionVariables')} level={3} />
        <Flex gap={8} wrap>
          {hasFeature(authorities, 'Query') && (
            <Button
              icon={<UnorderedListOutlined />}
              onClick={() =>
                navigate(
                  `${ROUTES.QueryList}?${new URLSearchParams({ filter: 'explorer-evolution', origin: ORIGIN })}`,
                )
              }
            >
              {t('explorer.variables.queries')}
            </Button>
          )}
          {hasFeature(authorities, 'AggregateVariable') && (
            <Button
              icon={<PlusOutlined />}
              onClick={() =>
                navigate(`${ROUTES.AggregateOperatedVariable}?${new URLSearchParams({ origin: ORIGIN })}`)
              }
            >
              {t('explorer.variables.aggregateVariable')}
            </Button>
          )}
        </Flex>
      </Flex>
      <Card
        title={t('explorer.variables.variables')}
        extra={<Button onClick={() => setSelecting(true)}>{t('variablePicker.multipleSelection')}</Button>}
      >
        <Form layout="vertical" component="div">
          {rows.map(({ key, variable }, index) => (
            <Flex key={key} gap={8} align="center" style={{ marginBottom: 8 }} data-testid="variable-row">
              <Typography.Text type="secondary" style={{ width: 24, textAlign: 'right' }}>
                {index + 1}
              </Typography.Text>
              <div style={{ flex: 1, minWidth: 0 }}>
                <VariableSelect
                  aria-label={t('explorer.variables.variable', { index: index + 1 })}
                  value={variable}
                  takenIds={chosen.filter((other) => other !== variable).map(({ id }) => id)}
                  onChange={(next) => setRow(key, next)}
                />
              </div>
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('explorer.variables.remove', { index: index + 1 })}
                disabled={!canRemove}
                onClick={() => setRows(rows.filter((row) => row.key !== key))}
              />
            </Flex>
          ))}
          <Button icon={<PlusOutlined />} disabled={!canAdd} onClick={() => setRows([...rows, newRow()])}>
            {t('explorer.variables.add')}
          </Button>
        </Form>
      </Card>
      <Card title={t('dateRange.label')}>
        <RangeSelector value={range} onChange={setRange} />
      </Card>
      <Flex gap={8} justify="flex-end">
        <Button onClick={() => setRows([newRow()])}>{t('common.cancel')}</Button>
        <Button type="primary" icon={<SearchOutlined />} disabled={!canExplore} onClick={explore}>
          {t('explorer.explore')}
        </Button>
      </Flex>
      {selecting && (
        <VariableSelectionModal
          initial={chosen}
          maxSelected={MAX_EVOLUTION_VARIABLES}
          onConfirm={(picked) => {
            setRows(picked.length > 0 ? picked.map((variable) => newRow(variable)) : [newRow()]);
            setSelecting(false);
          }}
          onCancel={() => setSelecting(false)}
        />
      )}
    </Flex>
  );
}
