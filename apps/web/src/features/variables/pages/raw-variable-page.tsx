import { AppstoreOutlined, TagsOutlined } from '@ant-design/icons';
import type { RawVariableDto } from '@plantlens/contracts';
import { App, Button, Card, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import type { ArrivalState } from '../../../components/arrival-alert';
import { FormActions } from '../../../components/form-actions';
import { usePageTrail } from '../../../components/page-breadcrumb';
import { PageHeading } from '../../../components/page-heading';
import { PageSpinner } from '../../../components/page-spinner';
import { VariableCatalogueFields } from '../../../components/variable-pickers/variable-catalogue-fields';
import { ROUTES } from '../../../config/routes';
import { useIdParam } from '../../../lib/use-id-param';
import { useGetRawVariableQuery, useUpdateRawVariableMutation } from '../api';
import {
  rawVariableReturnPath,
  rawVariableTrail,
  readRawVariableOrigin,
  type RawVariableOrigin,
} from '../raw-variable-origin';

interface RawVariableValues {
  name: string;
  unit: string;
  categoryId: number | null;
  tags: number[];
}

// /raw-variable?id=&origin= (spec part 1 §2): name, unit, category and tags of a measured variable. Its
// client reference is shown but never editable (data sources key their points on it). Save and Cancel
// return to the origin, Save with a success alert.
export function RawVariablePage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const origin = readRawVariableOrigin(searchParams.get('origin'));
  const id = useIdParam();
  const variable = useGetRawVariableQuery(id ?? 0, { skip: id === undefined });
  usePageTrail(rawVariableTrail(origin));

  if (variable.isLoading) return <PageSpinner />;
  if (id === undefined || variable.isError || !variable.data)
    return (
      <Flex vertical gap={16} style={{ maxWidth: 640 }}>
        <ApiErrorAlert title={t('rawVariable.loadError')} error={variable.error} />
        <Link to={rawVariableReturnPath(origin)}>
          <Button>{t('common.back')}</Button>
        </Link>
      </Flex>
    );
  return <RawVariableForm key={variable.data.id} variable={variable.data} origin={origin} />;
}

function RawVariableForm({ variable, origin }: { variable: RawVariableDto; origin: RawVariableOrigin }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<RawVariableValues>();
  const [updateRawVariable, update] = useUpdateRawVariableMutation();
  const returnPath = rawVariableReturnPath(origin);

  const onFinish = async ({ name, unit, categoryId, tags }: RawVariableValues) => {
    const trimmed = name.trim();
    const result = await updateRawVariable({
      id: variable.id,
      name: trimmed,
      unit: unit.trim() || null,
      categoryId,
      tags,
    });
    if (result.error) {
      void message.error(t('rawVariable.updateError', { name: trimmed }));
      return;
    }
    const state: ArrivalState = { successAlert: t('rawVariable.updated', { name: trimmed }) };
    await navigate(returnPath, { state });
  };

  return (
    <Card style={{ maxWidth: 640 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageHeading backTo={returnPath} title={t('rawVariable.title', { name: variable.name })} />
        <Flex gap={8}>
          <Link to={ROUTES.Tags}>
            <Button icon={<TagsOutlined />}>{t('rawVariable.manageTags')}</Button>
          </Link>
          <Link to={ROUTES.CategoricalVariableList}>
            <Button icon={<AppstoreOutlined />}>{t('rawVariable.manageCategories')}</Button>
          </Link>
        </Flex>
      </Flex>
      <Form<RawVariableValues>
        form={form}
        layout="vertical"
        style={{ marginTop: 16 }}
        initialValues={{
          name: variable.name,
          unit: variable.unit ?? '',
          categoryId: variable.categoryId,
          tags: variable.tags.map((tag) => tag.id),
        }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          label={t('rawVariable.clientReference')}
          htmlFor="raw-variable-client-reference"
          extra={t('rawVariable.clientReferenceHelp')}
        >
          <Input id="raw-variable-client-reference" value={variable.clientReference} readOnly disabled />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('rawVariable.name')}
          required
          rules={[{ required: true, whitespace: true, message: t('rawVariable.nameRequired') }]}
        >
          <Input autoComplete="off" autoFocus maxLength={200} />
        </Form.Item>
        <VariableCatalogueFields />
        <FormActions onCancel={() => void navigate(returnPath)} saving={update.isLoading} />
      </Form>
    </Card>
  );
}
