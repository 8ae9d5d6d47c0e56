import { DeleteOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Radio, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { VariableSelect } from '../../../components/variable-pickers/variable-select';
import { ROUTES } from '../../../config/routes';
import { SelectionFrame } from '../components/selection-frame';
import {
  completePairs,
  parseCorrelationQuery,
  serializeCorrelationQuery,
  viewVariableIds,
  Z_TYPES,
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
import { useChosenVariables } from '../hooks/use-chosen-variables';
import { useSelectionAddress } from '../hooks/use-selection-address';

const Z_LABELS = {
  intensity: 'correlation.variables.zIntensity',
  category: 'correlation.variables.zCategory',
  globalCategory: 'correlation.variables.zGlobalCategory',
} as const satisfies Record<ZType, string>;

// /explorer-correlation-variables (spec part 2 §2): up to 4 X/Y pairs, the Z colouring and the dates.
// Every change is written to the address (replacing the entry, so Back leaves the page), so a reload or a
// shared link shows the same selection; Explore opens the charts with it and every opt* parameter.
// The dates: the preset "today" (spec part 2 §4) until the address or the user gives others; a preset is
// written to the address as the dates it stands for, and resolved again when Explore is pressed.
export function ExplorerCorrelationVariablesPage() {
  const { t } = useTranslation();
  const { query, params, navigate, update, dates, resolvedRange } = useSelectionAddress({
    parse: parseCorrelationQuery,
    serialize: serializeCorrelationQuery,
  });
  const { rows, z } = query;
  const chosen = useChosenVariables(viewVariableIds(rows, z));

  const setRow = (index: number, row: PairRow) =>
    update({ rows: rows.map((current, rowIndex) => (rowIndex === index ? row : current)) });
  const explore = () =>
    navigate({
      pathname: ROUTES.ExplorerCorrelation,
      search: serializeCorrelationQuery(params, {
        ...query,
        rows: completePairs(rows),
        range: resolvedRange(),
        origin: null,
        queryName: null,
        filter: null,
      }),
    });

  let pairsBody;
  if (chosen.isLoading) {
    pairsBody = <Spin aria-label={t('app.loading')} />;
  } else {
    pairsBody = (
      <Flex vertical gap={12}>
        {chosen.isError && <ApiErrorAlert title={t('variablePicker.loadError')} error={chosen.error} />}
        {rows.map((row, index) => {
          const number = index + 1;
          return (
            <Flex key={index} gap={8} align="center" data-testid={`pair-row-${number}`}>
              <Typography.Text style={{ width: 56, flex: 'none' }}>
                {t('correlation.variables.pair', { index: number })}
              </Typography.Text>
              <VariableSelect
                aria-label={t('correlation.variables.x', { index: number })}
                value={chosen.variableOf(row.x)}
                takenIds={takenIds(rows, z, { row: index, side: 'x' })}
                onChange={(variable) => setRow(index, { ...row, x: chosen.remember(variable) })}
              />
              <Button
                icon={<SwapOutlined />}
                aria-label={t('correlation.variables.swap', { index: number })}
                onClick={() => update({ rows: swapPairs(rows, index) })}
              />
              <VariableSelect
                aria-label={t('correlation.variables.y', { index: number })}
                value={chosen.variableOf(row.y)}
                takenIds={takenIds(rows, z, { row: index, side: 'y' })}
                onChange={(variable) => setRow(index, { ...row, y: chosen.remember(variable) })}
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
    <SelectionFrame
      title={t('correlation.variables.title')}
      filter="explorer-correlation"
      origin="ExplorerCorrelationVariables"
      {...dates}
      onCancel={() => update({ rows: [{ x: null, y: null }], z: chooseZType(null) })}
      onExplore={explore}
      canExplore={canExplore(rows, z)}
    >
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
            <Flex vertical gap={8} style={{ maxWidth: 480, width: '100%' }}>
              <VariableSelect
                aria-label={t('correlation.variables.zVariable')}
                value={chosen.variableOf(z.variableId)}
                takenIds={takenIds(rows, z, 'z')}
                onChange={(variable) => update({ z: { ...z, variableId: chosen.remember(variable) } })}
              />
              <Typography.Text type="secondary">{t(`correlation.variables.zHelp.${z.type}`)}</Typography.Text>
            </Flex>
          )}
        </Flex>
      </Card>
    </SelectionFrame>
  );
}
