import type { QueryDto } from '@plantlens/contracts';
import { App, Button, Card, Checkbox, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { ArrivalState } from '../../../components/arrival-alert';
import { FormActions } from '../../../components/form-actions';
import { PageHeading } from '../../../components/page-heading';
import { PageSpinner } from '../../../components/page-spinner';
import { useIdParam } from '../../../lib/use-id-param';
import { usePageTrail } from '../../../components/page-breadcrumb';
import { QUERY_LIST_CACHE_SECONDS, useGetQueriesQuery, useUpdateQueryMutation } from '../api';
import { queryListPath, queryListTrail, readQueryListParams } from '../query-list-params';

interface QueryValues {
  name: string;
  star: boolean;
}

// /query?id= (spec part 1 §2): rename a query and, for its owner, mark it as a favourite. Save, Cancel
// and the back chevron return to the list it was opened from; Save with a success alert.
export function QueryPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const params = readQueryListParams(searchParams);
  const id = useIdParam();
  const queries = useGetQueriesQuery(params.tags, { refetchOnMountOrArgChange: QUERY_LIST_CACHE_SECONDS });
  usePageTrail(queryListTrail(params, 'Query'));
  const listPath = queryListPath(params);
  const query = queries.data?.find((candidate) => candidate.id === id);

  if (queries.isLoading) return <PageSpinner />;
  if (!query) {
    return (
      <Result
        status="warning"
        title={t('queries.notFound')}
        extra={
          <Link to={listPath}>
            <Button>{t('common.back')}</Button>
          </Link>
        }
      />
    );
  }
  return <QueryForm key={query.id} query={query} listPath={listPath} />;
}

function QueryForm({ query, listPath }: { query: QueryDto; listPath: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<QueryValues>();
  const [updateQuery, update] = useUpdateQueryMutation();

  const onFinish = async ({ name, star }: QueryValues) => {
    const trimmed = name.trim();
    const result = await updateQuery({ id: query.id, name: trimmed, star });
    if (!result.error) {
      const state: ArrivalState = { successAlert: t('queries.updated', { name: trimmed }) };
      await navigate(listPath, { state });
      return;
    }
    void message.error(t('queries.updateError', { name: trimmed }));
  };

  return (
    <Card style={{ maxWidth: 480 }}>
      <PageHeading backTo={listPath} title={t('queries.editTitle', { name: query.name })} />
      <Form<QueryValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ marginTop: 16 }}
        initialValues={{ name: query.name, star: query.star }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          name="name"
          label={t('queries.name')}
          rules={[{ required: true, whitespace: true, message: t('validation.queryNameRequired') }]}
        >
          <Input autoComplete="off" autoFocus maxLength={200} />
        </Form.Item>
        <Form.Item
          name="star"
          valuePropName="checked"
          extra={query.mine ? undefined : t('queries.starOwnerOnly')}
        >
          <Checkbox disabled={!query.mine}>{t('queries.favourite')}</Checkbox>
        </Form.Item>
        <FormActions onCancel={() => void navigate(listPath)} saving={update.isLoading} />
      </Form>
    </Card>
  );
}
