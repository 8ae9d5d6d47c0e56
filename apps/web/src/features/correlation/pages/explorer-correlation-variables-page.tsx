import { DeleteOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Radio, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { ROUTES } from '../../../config/routes';
import { useGetExplorerVariablesQuery } from '../../explorer/api';
import { DateRangeFilter } from '../../explorer/components/date-range-filter';
import { presetRange } from '../../explorer/date-ranges';
import { ExplorerLinks } from '../components/explorer-links';
import { VariableSelect } from '../components/variable-select';
import {
  completePairs,
  parseCorrelationQuery,
  serializeCorrelationQuery,
  Z_TYPES,
  type CorrelationQuery,
  type PairRow,
  type ZType,
} from '../correlation-query';
import {
  addPair,
  canAddPair,
  canExplore,
  canRemovePair,
  chooseZType,
  removePair,
  swapPairs,
  takenIds,
} from '../correlation-rules';

const Z_LABELS = {
  intensity: 'correlation.variables.zIntensity',
  category: 'correlation.variables.zCategory',
  globalCategory: 'correlation.variables.zGlobalCategory',
} as const satisfies Record<ZType, string>;

// /explorer-correlation-variables (spec part 2 §2): up to 4 X/Y pairs, the Z colouring and the dates.
// Every change is written to the address (replacing the entry, so Back leaves the page), so a reload or a
// shared link shows the same selection; Explore opens the charts with it and every opt* parameter.
export function ExplorerCorrelationVariablesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = useMemo(() => parseCorrelationQuery(params), [params]);
  const variables = useGetExplorerVariablesQuery();
  // Spec part 2 §4: "today" until the user picks dates; fixed once, so re-renders do not move it.
  const [defaultRange] = useState(() => presetRange('today', dayjs()));
  const range = query.range ?? defaultRange;
  const { rows, z } = query;

  const update = (change: Partial<CorrelationQuery>) =>
    navigate(
      { search: serializeCorrelationQuery(params, { ...query, range, ...change }) },
      { replace: true },
    );
  const setRow = (index: number, row: PairRow) =>
    update({ rows: rows.map((current, rowIndex) => (rowIndex === index ? row : current)) });
  const explore = () =>
    navigate({
      pathname: ROUTES.ExplorerCorrelation,
      search: serializeCorrelationQuery(params, {
        ...query,
        rows: completePairs(rows),
        range,
        origin: null,
        queryName: null,
        filter: null,
      }),
    });

  const variableList = variables.data ?? [];
  let pairsBody;
  if (variables.isError) {
    pairsBody = <ApiErrorAlert title={t('correlation.variable.loadError')} error={variables.error} />;
  } else if (!variables.data) {
    pairsBody = <Spin aria-label={t('app.loading')} />;
  } else {
    pairsBody = (
      <Flex vertical gap={12}>
        {rows.map((row, index) => {
          const number = index + 1;
          return (
            <Flex key={index} gap={8} align="center" data-testid={`pair-row-${number}`}>
              <Typography.Text style={{ width: 56, flex: 'none' }}>
                {t('correlation.variables.pair', { index: number })}
              </Typography.Text>
              <VariableSelect
                aria-label={t('correlation.variables.x', { index: number })}
                placeholder={t('correlation.variables.xPlaceholder')}
                variables={variableList}
                value={row.x}
                takenIds={takenIds(rows, z, { row: index, side: 'x' })}
                onChange={(x) => setRow(index, { ...row, x })}
              />
              <Button
                icon={<SwapOutlined />}
                aria-label={t('correlation.variables.swap', { index: number })}
                onClick={() => update({ rows: swapPairs(rows, index) })}
              />
              <VariableSelect
                aria-label={t('correlation.variables.y', { index: number })}
                placeholder={t('correlation.variables.yPlaceholder')}
                variables={variableList}
                value={row.y}
                takenIds={takenIds(rows, z, { row: index, side: 'y' })}
                onChange={(y) => setRow(index, { ...row, y })}
              />
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('correlation.variables.remove', { index: number })}
                disabled={!canRemovePair(rows)}
                onClick={() => update({ rows: removePair(rows, index) })}
              />
            </Flex>
          );
        })}
        <div>
          <Button
            icon={<PlusOutlined />}
            disabled={!canAddPair(rows)}
            onClick={() => update({ rows: addPair(rows) })}
          >
            {t('correlation.variables.add')}
          </Button>
        </div>
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageHeading backTo={ROUTES.Explore} title={t('correlation.variables.title')} />
        <ExplorerLinks filter="explorer-correlation" origin="ExplorerCorrelationVariables" />
      </Flex>
      <Card title={t('correlation.variables.pairs')}>{pairsBody}</Card>
      <Card title={t('correlation.variables.z')}>
        <Flex vertical gap={12}>
          <Radio.Group
            value={z.type ?? 'none'}
            onChange={(event) =>
              update({ z: chooseZType(event.target.value === 'none' ? null : event.target.value) })
            }
            options={[
              { value: 'none', label: t('correlation.variables.zNone') },
              ...Z_TYPES.map((type) => ({ value: type, label: t(Z_LABELS[type]) })),
            ]}
          />
          {z.type && (
            <Space direction="vertical" style={{ maxWidth: 480, width: '100%' }}>
              <VariableSelect
                aria-label={t('correlation.variables.zVariable')}
                placeholder={t('correlation.variables.zVariable')}
                variables={variableList}
                value={z.variableId}
                takenIds={takenIds(rows, z, 'z')}
                onChange={(variableId) => update({ z: { ...z, variableId } })}
              />
              <Typography.Text type="secondary">{t(`correlation.variables.zHelp.${z.type}`)}</Typography.Text>
            </Space>
          )}
        </Flex>
      </Card>
      <Card title={t('correlation.dates')}>
        <DateRangeFilter range={range} onChange={(next) => update({ range: next })} />
      </Card>
      <Flex gap={8} justify="flex-end">
        <Button onClick={() => update({ rows: [{ x: null, y: null }], z: chooseZType(null) })}>
          {t('common.cancel')}
        </Button>
        <Button type="primary" disabled={!canExplore(rows, z)} onClick={explore}>
          {t('correlation.explore')}
        </Button>
      </Flex>
    </Flex>
  );
}
