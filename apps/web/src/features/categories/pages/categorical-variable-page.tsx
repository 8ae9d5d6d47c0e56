import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CategoryMessages, type CategoryGroupDto, type VariableMinimalDto } from '@plantlens/contracts';
import { App, Alert, Button, Card, Flex, Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import type { ArrivalState } from '../../../components/arrival-alert';
import { FormActions } from '../../../components/form-actions';
import { PageHeading } from '../../../components/page-heading';
import { PageSpinner } from '../../../components/page-spinner';
import { TagTreeSelect } from '../../../components/variable-pickers/tag-tree-select';
import { VariableMultiSelect } from '../../../components/variable-pickers/variable-multi-select';
import { ROUTES } from '../../../config/routes';
import { apiErrorMessage } from '../../../lib/api-error';
import { httpStatus } from '../../../lib/http-status';
import { useGetCategoryGroupsQuery } from '../../../lib/category-api';
import { useIdParam } from '../../../lib/use-id-param';
import { useGetMinimalVariablesQuery, useGetTagTreeQuery } from '../../../lib/variable-api';
import {
  useCreateCategoryGroupMutation,
  useGetCategoryGroupQuery,
  useUpdateCategoryGroupMutation,
} from '../api';
import {
  COLOUR_CHOICES,
  canAddOption,
  canRemoveOption,
  emptyOption,
  initialValues,
  repeatedValues,
  toGroupDto,
  variablesOfOtherGroups,
  type CategoryGroupValues,
  type CategoryOptionValues,
} from '../category-form';
import { CategorySwatch } from '../components/category-swatch';

const NO_IDS: number[] = [];

// /categorical-variable (new group) or ?id= (edit): the variables of the group, found by search and tags,
// its categories (numeric value, name, colour) and its name (spec part 1 §2, §5).
export function CategoricalVariablePage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const group = useGetCategoryGroupQuery(id ?? 0, { skip: id === undefined });
  const variableIds = group.data?.variables ?? NO_IDS;
  const variables = useGetMinimalVariablesQuery(variableIds, { skip: variableIds.length === 0 });
  // Every group's name, to say which group holds a variable chosen for this one.
  const groups = useGetCategoryGroupsQuery();

  if (group.isLoading || variables.isLoading || groups.isLoading) return <PageSpinner />;
  if (group.isError) return <ApiErrorAlert title={t('categories.loadError')} error={group.error} />;
  if (variables.isError)
    return <ApiErrorAlert title={t('variablePicker.loadError')} error={variables.error} />;
  return (
    <CategoryGroupForm
      key={group.data?.id ?? 'new'}
      group={group.data}
      variables={variableIds.length === 0 ? [] : (variables.data ?? [])}
      groups={groups.data ?? []}
    />
  );
}

function CategoryGroupForm({
  group,
  variables,
  groups,
}: {
  group: CategoryGroupDto | undefined;
  variables: VariableMinimalDto[];
  groups: CategoryGroupDto[];
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<CategoryGroupValues>();
  const [tags, setTags] = useState<number[]>([]);
  const tagTree = useGetTagTreeQuery();
  const [createGroup, creation] = useCreateCategoryGroupMutation();
  const [updateGroup, update] = useUpdateCategoryGroupMutation();
  const [conflict, setConflict] = useState<string | null>(null);
  // Held in state rather than set on the field: a validation of the name finishing after the answer would
  // otherwise clear it (seen under load).
  const [nameTaken, setNameTaken] = useState(false);
  const currentOptions = (): CategoryOptionValues[] => form.getFieldValue('ranges') ?? [];

  const onFinish = async (values: CategoryGroupValues) => {
    const body = toGroupDto(values);
    const result = group ? await updateGroup({ id: group.id, ...body }) : await createGroup(body);
    const keys = group
      ? ({ done: 'categories.updated', failed: 'categories.updateError' } as const)
      : ({ done: 'categories.created', failed: 'categories.createError' } as const);
    if (!result.error) {
      const state: ArrivalState = { successAlert: t(keys.done, { name: body.name }) };
      await navigate(ROUTES.CategoricalVariableList, { state });
      return;
    }
    const serverMessage = apiErrorMessage(result.error);
    if (httpStatus(result.error) === 409 && serverMessage === CategoryMessages.nameTaken) setNameTaken(true);
    else setConflict(serverMessage ?? null);
    void message.error(t(keys.failed, { name: body.name }));
  };

  return (
    <Card style={{ maxWidth: 760 }}>
      <PageHeading
        backTo={ROUTES.CategoricalVariableList}
        title={group ? t('categories.editTitle', { name: group.name }) : t('categories.createTitle')}
      />
      <Form<CategoryGroupValues>
        form={form}
        layout="vertical"
        style={{ marginTop: 16 }}
        initialValues={initialValues(group, variables)}
        onFinish={(values) => void onFinish(values)}
        onValuesChange={(changed: Partial<CategoryGroupValues>) => {
          setConflict(null);
          if ('name' in changed) setNameTaken(false);
        }}
      >
        <Form.Item label={t('categories.tagFilter')}>
          <TagTreeSelect
            tree={tagTree.data ?? []}
            loading={tagTree.isLoading}
            value={tags}
            onChange={setTags}
            aria-label={t('categories.tagFilter')}
          />
        </Form.Item>
        <Form.Item
          name="variables"
          label={t('categories.variables')}
          extra={t('categories.variablesHelp')}
          required
          rules={[
            {
              validator: (_rule, value: VariableMinimalDto[] | undefined) => {
                if (!value || value.length === 0)
                  return Promise.reject(new Error(t('categories.variablesRequired')));
                const held = variablesOfOtherGroups(value, group?.id, groups);
                return held.length > 0
                  ? Promise.reject(
                      new Error(t('categories.variablesInOtherGroup', { list: held.join(', ') })),
                    )
                  : Promise.resolve();
              },
            },
          ]}
        >
          <VariableMultiSelect tags={tags} aria-label={t('categories.variables')} />
        </Form.Item>
        <Form.List name="ranges">
          {(fields, { add, remove }) => (
            <Form.Item label={t('categories.options')} required>
              <Flex vertical gap={8}>
                {fields.map((field, index) => (
                  <Flex key={field.key} gap={8} align="flex-start" data-testid={`category-option-${index}`}>
                    <Form.Item
                      name={[field.name, 'value']}
                      style={{ marginBottom: 0, width: 140 }}
                      rules={[
                        { required: true, type: 'number', message: t('categories.valueRequired') },
                        {
                          validator: (_rule, value: number | null) =>
                            value !== null && repeatedValues(currentOptions()).has(value)
                              ? Promise.reject(new Error(t('categories.valueRepeated')))
                              : Promise.resolve(),
                        },
                      ]}
                    >
                      <InputNumber
                        aria-label={`${t('categories.value')} · ${t('categories.optionLabel', { index: index + 1 })}`}
                        placeholder={t('categories.value')}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'name']}
                      style={{ marginBottom: 0, flex: 1 }}
                      rules={[
                        { required: true, whitespace: true, message: t('categories.optionNameRequired') },
                      ]}
                    >
                      <Input
                        aria-label={`${t('categories.optionName')} · ${t('categories.optionLabel', { index: index + 1 })}`}
                        placeholder={t('categories.optionName')}
                        maxLength={100}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'color']} style={{ marginBottom: 0, width: 190 }}>
                      <Select
                        aria-label={`${t('categories.colour')} · ${t('categories.optionLabel', { index: index + 1 })}`}
                        options={COLOUR_CHOICES.map(({ key, color }) => ({
                          value: color,
                          label: (
                            <Flex gap={6} align="center">
                              <CategorySwatch color={color} />
                              {t(`categories.colours.${key}`)}
                            </Flex>
                          ),
                        }))}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('categories.removeOption', { index: index + 1 })}
                      disabled={!canRemoveOption(fields)}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                ))}
                {/* Re-rendered on every change of the form: disabled while any option is empty. */}
                <Form.Item noStyle shouldUpdate>
                  {() => (
                    <Button
                      icon={<PlusOutlined />}
                      disabled={!canAddOption(currentOptions())}
                      onClick={() => add(emptyOption())}
                      style={{ alignSelf: 'flex-start' }}
                    >
                      {t('categories.addOption')}
                    </Button>
                  )}
                </Form.Item>
              </Flex>
            </Form.Item>
          )}
        </Form.List>
        <Form.Item
          name="name"
          label={t('categories.name')}
          required
          rules={[{ required: true, whitespace: true, message: t('categories.nameRequired') }]}
          validateStatus={nameTaken ? 'error' : undefined}
          help={nameTaken ? t('categories.nameTaken') : undefined}
        >
          <Input autoComplete="off" maxLength={200} />
        </Form.Item>
        {conflict && <Alert type="error" showIcon title={conflict} style={{ marginBottom: 16 }} />}
        <FormActions
          onCancel={() => void navigate(ROUTES.CategoricalVariableList)}
          saving={creation.isLoading || update.isLoading}
        />
      </Form>
    </Card>
  );
}
