import type { RuleIncidenceDto, VariableMinimalDto } from '@plantlens/contracts';
import { App, Card, ConfigProvider, Flex, Form, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FormActions } from '../../../components/form-actions';
import { PageHeading } from '../../../components/page-heading';
import { PageSpinner } from '../../../components/page-spinner';
import { ROUTES } from '../../../config/routes';
import { usePageTrail } from '../../../components/page-breadcrumb';
import { useIdParam } from '../../../lib/use-id-param';
import { useGetMinimalVariablesQuery } from '../../../lib/variable-api';
import {
  useCreateIncidenceRulesMutation,
  useGetIncidenceRuleQuery,
  useUpdateIncidenceRuleMutation,
} from '../api';
import { RuleDryRunPanel } from '../components/rule-dry-run-panel';
import { RuleConditionFields, RuleSettingsFields, useMandatoryRule } from '../components/rule-form-fields';
import { ValveSourceLabel } from '../components/valve-source-label';
import { VariableField } from '../components/variable-field';
import {
  ruleUpdateRequest,
  ruleVariableIds,
  singleRuleCreateRequest,
  singleRuleFormValues,
  type SingleRuleFormValues,
} from '../rule-form-values';

const NO_VARIABLES: VariableMinimalDto[] = [];

// /rule-incidence (spec part 2 §2): a new rule, or with ?id= the rule to edit, whose condition is locked. A
// valve failure source has no variable nor editable condition: its form shows what it watches instead.
// Under the form, the condition may be tried on history (issue 14).
export function RuleIncidenceSinglePage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const rule = useGetIncidenceRuleQuery(id ?? 0, { skip: id === undefined });
  const variableIds = rule.data ? ruleVariableIds(rule.data) : [];
  const variables = useGetMinimalVariablesQuery(variableIds, { skip: variableIds.length === 0 });
  usePageTrail(id === undefined ? undefined : ['Workspace', 'RuleIncidenceList', 'RuleIncidenceSingle']);

  if (id !== undefined && (rule.isLoading || variables.isLoading)) return <PageSpinner />;
  if (id !== undefined && !rule.data) {
    return <Result status="warning" title={t('incidences.ruleForm.notFound')} />;
  }
  return <RuleForm rule={rule.data} variables={variables.data ?? NO_VARIABLES} />;
}

function RuleForm({ rule, variables }: { rule?: RuleIncidenceDto; variables: VariableMinimalDto[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<SingleRuleFormValues>();
  const mandatory = useMandatoryRule();
  const [createRules, creation] = useCreateIncidenceRulesMutation();
  const [updateRule, update] = useUpdateIncidenceRuleMutation();
  const editing = rule !== undefined;
  const varOne = Form.useWatch('varOne', form);
  const varTwo = Form.useWatch('varTwo', form);
  const back = editing ? ROUTES.RuleIncidenceList : ROUTES.RuleIncidenceMenu;

  const onFinish = async (values: SingleRuleFormValues) => {
    const name = values.name.trim();
    if (rule) {
      const result = await updateRule(ruleUpdateRequest(rule.id, values));
      if (result.error) return void message.error(t('incidences.ruleForm.updateError'));
      void message.success(t('incidences.ruleForm.updated', { name }));
    } else {
      const result = await createRules(singleRuleCreateRequest(values));
      if (result.error) return void message.error(t('incidences.ruleForm.createError'));
      void message.success(t('incidences.ruleForm.created', { name }));
    }
    await navigate(ROUTES.RuleIncidenceList);
  };

  // A valve failure source has no condition to try.
  return (
    <Flex vertical gap={16}>
      <Card style={{ maxWidth: 640 }}>
        <PageHeading
          backTo={back}
          title={editing ? t('incidences.ruleForm.editTitle') : t('incidences.ruleForm.addTitle')}
        />
        <Form<SingleRuleFormValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          style={{ marginTop: 16 }}
          initialValues={singleRuleFormValues(rule, variables)}
          onFinish={(values) => void onFinish(values)}
        >
          {rule?.source ? (
            <Form.Item label={t('incidences.source.field')}>
              <ValveSourceLabel source={rule.source} />
            </Form.Item>
          ) : (
            <>
              <ConfigProvider componentDisabled={editing}>
                <Form.Item name="varOne" label={t('incidences.ruleForm.variable')} rules={[mandatory]}>
                  <VariableField
                    takenIds={varTwo ? [varTwo.id] : []}
                    aria-label={t('incidences.ruleForm.variable')}
                  />
                </Form.Item>
              </ConfigProvider>
              <RuleConditionFields
                form={form}
                editing={editing}
                firstVariableIds={varOne ? [varOne.id] : []}
              />
            </>
          )}
          <RuleSettingsFields form={form} />
          <FormActions onCancel={() => void navigate(back)} saving={creation.isLoading || update.isLoading} />
        </Form>
      </Card>
      {!rule?.source && <RuleDryRunPanel form={form} />}
    </Flex>
  );
}
