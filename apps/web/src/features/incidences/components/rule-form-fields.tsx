import {
  RULE_MAX_MIN_DURATION_SECONDS,
  RULE_NAME_MAX_LENGTH,
  RULE_OPERATORS,
  type RuleOperator,
} from '@plantlens/contracts';
import {
  Checkbox,
  ConfigProvider,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Switch,
  type FormInstance,
  type FormRule,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetIncidenceRulesQuery } from '../api';
import { VariableField } from './variable-field';
import { isValidEmailList, type RuleFormValues } from '../rule-form-values';

const OPERATOR_KEYS = {
  '<': 'lessThan',
  '<=': 'lessOrEqual',
  '>': 'greaterThan',
  '>=': 'greaterOrEqual',
  '=': 'equal',
  '<>': 'notEqual',
} as const satisfies Record<RuleOperator, string>;

const NO_RULES: never[] = [];

export function useMandatoryRule(): FormRule {
  const { t } = useTranslation();
  return { required: true, message: t('incidences.validation.mandatory') };
}

// The operator and the second operand of a rule (spec §4, §5): a constant (default; a number, step 1) or
// another variable. In edit mode they show the rule's condition, locked.
export function RuleConditionFields({
  form,
  editing,
  firstVariableIds,
}: {
  form: FormInstance;
  editing: boolean;
  /** the first operand(s), which the second variable may not repeat */
  firstVariableIds: number[];
}) {
  const { t } = useTranslation();
  const mandatory = useMandatoryRule();
  const secondOperandType = Form.useWatch<RuleFormValues['secondOperandType']>('secondOperandType', form);
  return (
    <ConfigProvider componentDisabled={editing}>
      <Form.Item name="operator" label={t('incidences.ruleForm.operator')} rules={[mandatory]}>
        <Select
          aria-label={t('incidences.ruleForm.operator')}
          style={{ maxWidth: 260 }}
          options={RULE_OPERATORS.map((operator) => ({
            value: operator,
            label: `${operator} ${t(`incidences.ruleForm.operators.${OPERATOR_KEYS[operator]}`)}`,
          }))}
        />
      </Form.Item>
      <Form.Item name="secondOperandType" label={t('incidences.ruleForm.secondOperand')}>
        <Radio.Group
          options={[
            { value: 'constant', label: t('incidences.ruleForm.constantType') },
            { value: 'variable', label: t('incidences.ruleForm.variableType') },
          ]}
        />
      </Form.Item>
      {secondOperandType === 'variable' ? (
        <Form.Item name="varTwo" label={t('incidences.ruleForm.secondVariable')} rules={[mandatory]}>
          <VariableField takenIds={firstVariableIds} aria-label={t('incidences.ruleForm.secondVariable')} />
        </Form.Item>
      ) : (
        <Form.Item name="constant" label={t('incidences.ruleForm.constant')} rules={[mandatory]}>
          <InputNumber aria-label={t('incidences.ruleForm.constant')} step={1} style={{ width: 200 }} />
        </Form.Item>
      )}
      <Flex gap={16} wrap>
        <Form.Item
          name="minDurationSeconds"
          label={t('incidences.ruleForm.minDuration')}
          tooltip={t('incidences.ruleForm.minDurationHelp')}
          rules={[mandatory]}
        >
          <InputNumber
            aria-label={t('incidences.ruleForm.minDuration')}
            min={0}
            max={RULE_MAX_MIN_DURATION_SECONDS}
            precision={0}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item
          name="deadband"
          label={t('incidences.ruleForm.deadband')}
          tooltip={t('incidences.ruleForm.deadbandHelp')}
          rules={[mandatory]}
        >
          <InputNumber aria-label={t('incidences.ruleForm.deadband')} min={0} style={{ width: 200 }} />
        </Form.Item>
      </Flex>
    </ConfigProvider>
  );
}

// Name, enabled, e-mail notification and tags: what a rule keeps editable after creation (spec §4).
export function RuleSettingsFields({ form, nameHelp }: { form: FormInstance; nameHelp?: string }) {
  const { t } = useTranslation();
  const mandatory = useMandatoryRule();
  const notify = Form.useWatch<boolean>('notifyByEmail', form);
  const rules = useGetIncidenceRulesQuery('').data ?? NO_RULES;
  const knownTags = [...new Set(rules.flatMap((rule) => rule.tags))].sort((a, b) => a.localeCompare(b));
  return (
    <>
      <Form.Item
        name="name"
        label={t('incidences.ruleForm.name')}
        extra={nameHelp}
        rules={[{ ...mandatory, whitespace: true }]}
      >
        <Input maxLength={RULE_NAME_MAX_LENGTH} autoComplete="off" />
      </Form.Item>
      <Form.Item name="enabled" label={t('incidences.ruleForm.enabled')} valuePropName="checked">
        <Switch aria-label={t('incidences.ruleForm.enabled')} />
      </Form.Item>
      <Form.Item
        name="notifyByEmail"
        valuePropName="checked"
        style={{ marginBottom: notify ? 8 : undefined }}
      >
        <Checkbox
          onChange={(event) => {
            // Spec §4: unchecking clears the e-mails.
            if (!event.target.checked) form.setFieldValue('emails', '');
          }}
        >
          {t('incidences.ruleForm.notifyByEmail')}
        </Checkbox>
      </Form.Item>
      {notify && (
        <Form.Item
          name="emails"
          label={t('incidences.ruleForm.emails')}
          extra={t('incidences.ruleForm.emailsHelp')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                isValidEmailList(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('incidences.validation.emails'))),
            },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      )}
      <Form.Item name="tags" label={t('incidences.ruleForm.tags')}>
        <Select
          mode="tags"
          aria-label={t('incidences.ruleForm.tags')}
          options={knownTags.map((tag) => ({ value: tag, label: tag }))}
          tokenSeparators={[',']}
        />
      </Form.Item>
    </>
  );
}
