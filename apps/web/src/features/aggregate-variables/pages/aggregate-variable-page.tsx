import {
  AGGREGATE_METRICS,
  AGGREGATE_OPERATORS,
  AGGREGATE_TIME_GAPS,
  METRICAL_MAX_INPUTS,
  type AggregateGoal,
  type AggregateVariableDto,
  type VariableMinimalDto,
} from '@plantlens/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import type { ArrivalState } from '../../../components/arrival-alert';
import { FormActions } from '../../../components/form-actions';
import { usePageTrail } from '../../../components/page-breadcrumb';
import { PageHeading } from '../../../components/page-heading';
import { PageSpinner } from '../../../components/page-spinner';
import { VariableCatalogueFields } from '../../../components/variable-pickers/variable-catalogue-fields';
import { VariableMultiSelect } from '../../../components/variable-pickers/variable-multi-select';
import { VariableSelect } from '../../../components/variable-pickers/variable-select';
import { useIdParam } from '../../../lib/use-id-param';
import { useGetMinimalVariablesQuery } from '../../../lib/variable-api';
import {
  aggregateEditorPath,
  aggregateEditorTrail,
  aggregateReturnPath,
  readAggregateOrigin,
  type AggregateOrigin,
} from '../aggregate-origin';
import {
  EMPTY_FORM_VALUES,
  createBody,
  definitionOf,
  formValuesOf,
  storedInputIds,
  updateBody,
  type AggregateFormValues,
} from '../aggregate-form-values';
import {
  useCreateAggregateVariableMutation,
  useGetAggregateVariableQuery,
  useUpdateAggregateVariableMutation,
} from '../api';
import { AggregatePreview } from '../components/aggregate-preview';
import { BackfillProgress } from '../components/backfill-progress';
import { useBackfillPolling } from '../use-backfill-polling';

export const OperatedVariablePage = () => <AggregateVariablePage goal="operated" />;
export const GradualVariablePage = () => <AggregateVariablePage goal="gradual" />;
export const MetricalVariablePage = () => <AggregateVariablePage goal="metrical" />;

// /aggregate-variable/{operated,gradual,metrical}?id=&origin= (spec part 1 §2, §4, §5): creates a variable
// of the goal, or edits one (with `id`). Cancel, the back chevron and Save return to the origin.
function AggregateVariablePage({ goal }: { goal: AggregateGoal }) {
  const [searchParams] = useSearchParams();
  const origin = readAggregateOrigin(searchParams.get('origin'), goal);
  const id = useIdParam();
  usePageTrail(aggregateEditorTrail(origin, goal));
  if (searchParams.has('id') && id === undefined) return <LoadError origin={origin} />;
  return id === undefined ? (
    <AggregateVariableForm goal={goal} origin={origin} initialValues={EMPTY_FORM_VALUES} />
  ) : (
    <StoredAggregateVariable key={id} id={id} goal={goal} origin={origin} />
  );
}

function LoadError({
  origin,
  error,
}: {
  origin: AggregateOrigin;
  error?: Parameters<typeof ApiErrorAlert>[0]['error'];
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }}>
      <ApiErrorAlert title={t('aggregateVariables.form.loadError')} error={error} />
      <Link to={aggregateReturnPath(origin)}>
        <Button>{t('common.back')}</Button>
      </Link>
    </Flex>
  );
}

// A stored variable, asked again while its history is being calculated (the form shows the progress).
function StoredAggregateVariable({
  id,
  goal,
  origin,
}: {
  id: number;
  goal: AggregateGoal;
  origin: AggregateOrigin;
}) {
  const { t } = useTranslation();
  const [pollingInterval, followBackfills] = useBackfillPolling();
  const variable = useGetAggregateVariableQuery(id, { pollingInterval });
  followBackfills(variable.data ? [variable.data.backfill] : []);
  const inputIds = variable.data ? storedInputIds(variable.data) : [];
  const inputs = useGetMinimalVariablesQuery(inputIds.length > 0 ? inputIds : skipToken);

  if (variable.isLoading || inputs.isLoading) return <PageSpinner />;
  if (!variable.data) return <LoadError origin={origin} error={variable.error} />;
  // An address naming the wrong kind opens the editor of the variable's own kind.
  if (variable.data.goal !== goal)
    return <Navigate replace to={aggregateEditorPath(variable.data.goal, { id, origin })} />;
  return (
    <>
      {inputs.isError && (
        <ApiErrorAlert title={t('aggregateVariables.form.inputsError')} error={inputs.error} />
      )}
      <AggregateVariableForm
        goal={goal}
        origin={origin}
        variable={variable.data}
        initialValues={formValuesOf(variable.data, inputs.data ?? [])}
      />
    </>
  );
}

interface AggregateVariableFormProps {
  goal: AggregateGoal;
  origin: AggregateOrigin;
  /** the stored variable when editing */
  variable?: AggregateVariableDto;
  initialValues: AggregateFormValues;
}

// A variable picker driven by a Form.Item (which hands value and onChange in).
function VariableField({
  value,
  onChange,
  takenIds = [],
  disabled,
  'aria-label': ariaLabel,
}: {
  value?: VariableMinimalDto | null;
  onChange?: (variable: VariableMinimalDto) => void;
  takenIds?: number[];
  disabled: boolean;
  'aria-label': string;
}) {
  return (
    <VariableSelect
      value={value ?? null}
      takenIds={takenIds}
      onChange={(variable) => onChange?.(variable)}
      disabled={disabled}
      aria-label={ariaLabel}
    />
  );
}

function AggregateVariableForm({ goal, origin, variable, initialValues }: AggregateVariableFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<AggregateFormValues>();
  const [createVariable, creation] = useCreateAggregateVariableMutation();
  const [updateVariable, update] = useUpdateAggregateVariableMutation();
  // The whole form as it stands (fields of other goals are absent), for the preview and the operand toggle.
  const values = Form.useWatch((all: Partial<AggregateFormValues>) => all, form) ?? initialValues;
  const editing = variable !== undefined;
  const returnPath = aggregateReturnPath(origin);
  const kind = t(`aggregateVariables.kinds.${goal}`);
  const required: Rule = { required: true, message: t('aggregateVariables.form.required') };
  const label = (
    key: 'varOne' | 'operator' | 'varTwo' | 'constant' | 'variable' | 'timeGap' | 'variables' | 'metrical',
  ) => t(`aggregateVariables.form.${key}`);

  const onFinish = async (submitted: AggregateFormValues) => {
    const all = { ...initialValues, ...submitted };
    const name = all.name.trim();
    let failed: boolean;
    if (editing) {
      failed = Boolean((await updateVariable(updateBody(variable.id, all))).error);
    } else {
      const definition = definitionOf(goal, all);
      if (!definition) return;
      failed = Boolean((await createVariable(createBody(definition, all))).error);
    }
    if (failed) {
      void message.error(
        t(`aggregateVariables.messages.${editing ? 'updateError' : 'createError'}`, { name }),
      );
      return;
    }
    const state: ArrivalState = {
      successAlert: t(`aggregateVariables.messages.${editing ? 'updated' : 'created'}`, { name }),
    };
    await navigate(returnPath, { state });
  };

  let calculation;
  switch (goal) {
    case 'operated': {
      const byConstant = (values.secondOperand ?? initialValues.secondOperand) === 'constant';
      calculation = (
        <>
          <Form.Item name="varOne" label={label('varOne')} required rules={[required]}>
            <VariableField
              aria-label={label('varOne')}
              disabled={editing}
              takenIds={values.varTwo && !byConstant ? [values.varTwo.id] : []}
            />
          </Form.Item>
          <Form.Item name="operator" label={label('operator')} required rules={[required]}>
            <Select
              aria-label={label('operator')}
              disabled={editing}
              options={AGGREGATE_OPERATORS.map((operator) => ({
                value: operator,
                label: t(`aggregateVariables.operators.${operator}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="secondOperand" label={t('aggregateVariables.form.secondOperand')}>
            <Radio.Group
              disabled={editing}
              options={[
                { value: 'variable', label: t('aggregateVariables.form.secondVariable') },
                { value: 'constant', label: t('aggregateVariables.form.secondConstant') },
              ]}
            />
          </Form.Item>
          {byConstant ? (
            <Form.Item name="constant" label={label('constant')} required rules={[required]}>
              <InputNumber<number>
                aria-label={label('constant')}
                disabled={editing}
                step={0.01}
                style={{ width: '100%' }}
              />
            </Form.Item>
          ) : (
            <Form.Item name="varTwo" label={label('varTwo')} required rules={[required]}>
              <VariableField
                aria-label={label('varTwo')}
                disabled={editing}
                takenIds={values.varOne ? [values.varOne.id] : []}
              />
            </Form.Item>
          )}
        </>
      );
      break;
    }
    case 'gradual':
      calculation = (
        <>
          <Form.Item name="variable" label={label('variable')} required rules={[required]}>
            <VariableField aria-label={label('variable')} disabled={editing} />
          </Form.Item>
          <Form.Item name="timeGap" label={label('timeGap')} required rules={[required]}>
            <Select
              aria-label={label('timeGap')}
              disabled={editing}
              options={AGGREGATE_TIME_GAPS.map((gap) => ({
                value: gap,
                label: t(`aggregateVariables.timeGaps.${gap}`),
              }))}
            />
          </Form.Item>
        </>
      );
      break;
    case 'metrical':
      calculation = (
        <>
          <Form.Item
            name="variables"
            label={label('variables')}
            extra={t('aggregateVariables.form.variablesHelp', { max: METRICAL_MAX_INPUTS })}
            required
            rules={[
              { ...required, type: 'array', min: 1 },
              {
                type: 'array',
                max: METRICAL_MAX_INPUTS,
                message: t('aggregateVariables.form.tooManyVariables', { max: METRICAL_MAX_INPUTS }),
              },
            ]}
          >
            <VariableMultiSelect aria-label={label('variables')} disabled={editing} />
          </Form.Item>
          <Form.Item name="metrical" label={label('metrical')} required rules={[required]}>
            <Select
              aria-label={label('metrical')}
              disabled={editing}
              options={AGGREGATE_METRICS.map((metric) => ({
                value: metric,
                label: t(`aggregateVariables.metrics.${metric}`),
              }))}
            />
          </Form.Item>
        </>
      );
      break;
  }

  return (
    <Form<AggregateFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(submitted) => void onFinish(submitted)}
    >
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <PageHeading
          backTo={returnPath}
          level={3}
          title={
            editing
              ? t('aggregateVariables.form.editTitle', {
                  kind: t(`aggregateVariables.kindTitles.${goal}`),
                  name: variable.name,
                })
              : t('aggregateVariables.form.newTitle', { kind })
          }
        />
        {editing && variable.historic && (
          <BackfillProgress backfill={variable.backfill} name={variable.name} />
        )}
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('aggregateVariables.form.calculation')} size="small">
            {editing && (
              <Alert
                type="info"
                showIcon
                title={t('aggregateVariables.form.locked')}
                style={{ marginBottom: 16 }}
              />
            )}
            {calculation}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <AggregatePreview definition={definitionOf(goal, values)} name={values.name ?? ''} />
        </Col>
        <Col span={24}>
          <Card size="small">
            <Form.Item
              name="name"
              label={t('aggregateVariables.form.name')}
              required
              rules={[{ ...required, whitespace: true }]}
            >
              <Input autoComplete="off" maxLength={200} />
            </Form.Item>
            <VariableCatalogueFields />
            {!editing && (
              <Form.Item
                name="historic"
                valuePropName="checked"
                extra={t('aggregateVariables.form.historicHelp')}
              >
                <Checkbox>{t('aggregateVariables.form.historic')}</Checkbox>
              </Form.Item>
            )}
            <FormActions
              onCancel={() => void navigate(returnPath)}
              saving={creation.isLoading || update.isLoading}
            />
          </Card>
        </Col>
      </Row>
    </Form>
  );
}
