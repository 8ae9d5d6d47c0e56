import type { VariableMinimalDto } from '@plantlens/contracts';
import { App, Card, Form, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FormActions } from '../../../components/form-actions';
import { PageHeading } from '../../../components/page-heading';
import { ROUTES } from '../../../config/routes';
import { useCreateIncidenceRulesMutation } from '../api';
import { RuleConditionFields, RuleSettingsFields } from '../components/rule-form-fields';
import { VariableListField } from '../components/variable-list-field';
import {
  NEW_BATCH_RULE,
  batchRuleCreateRequest,
  batchRuleNames,
  type BatchRuleFormValues,
} from '../rule-form-values';

const NO_VARIABLES: VariableMinimalDto[] = [];

// /rule-incidence-batch (spec part 2 §2, §5): one rule per chosen variable with the same condition,
// settings and e-mails, each named `<name>_<variable name, or client reference>`; the names show before
// saving.
export function RuleIncidenceBatchPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<BatchRuleFormValues>();
  const [createRules, creation] = useCreateIncidenceRulesMutation();
  const variables = Form.useWatch('varOnes', form) ?? NO_VARIABLES;
  const name = Form.useWatch('name', form) ?? '';
  const names = name.trim() ? batchRuleNames(name, variables) : [];

  const onFinish = async (values: BatchRuleFormValues) => {
    const result = await createRules(batchRuleCreateRequest(values));
    if (result.error) return void message.error(t('incidences.ruleForm.createError'));
    void message.success(t('incidences.ruleForm.createdMany', { count: result.data.length }));
    await navigate(ROUTES.RuleIncidenceList);
  };

  return (
    <Card style={{ maxWidth: 640 }}>
      <PageHeading backTo={ROUTES.RuleIncidenceMenu} title={t('incidences.ruleForm.batchTitle')} />
      <Form<BatchRuleFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ marginTop: 16 }}
        initialValues={NEW_BATCH_RULE}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          name="varOnes"
          label={t('incidences.ruleForm.variables')}
          rules={[
            {
              validator: (_, value: VariableMinimalDto[] | undefined) =>
                value && value.length > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('incidences.validation.mandatory'))),
            },
          ]}
        >
          <VariableListField aria-label={t('incidences.ruleForm.variables')} />
        </Form.Item>
        <RuleConditionFields form={form} editing={false} firstVariableIds={variables.map(({ id }) => id)} />
        <RuleSettingsFields form={form} nameHelp={t('incidences.ruleForm.batchNameHelp')} />
        {names.length > 0 && (
          <List
            size="small"
            header={
              <Typography.Text strong>
                {t('incidences.ruleForm.namesPreview', { count: names.length })}
              </Typography.Text>
            }
            dataSource={names}
            renderItem={(ruleName) => <List.Item data-testid="batch-rule-name">{ruleName}</List.Item>}
            style={{ marginBottom: 16 }}
          />
        )}
        <FormActions onCancel={() => void navigate(ROUTES.RuleIncidenceMenu)} saving={creation.isLoading} />
      </Form>
    </Card>
  );
}
