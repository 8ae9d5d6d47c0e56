import { normalizeQueryPath, withoutSearchParams, type QueryDto } from '@plantlens/contracts';
import { Alert, App, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ConfirmModal } from '../../../components/confirm-modal';
import { canAccessRoute } from '../../../lib/access';
import { useCreateQueryMutation } from '../api';

// The dates of an explorer view: startDate/endDate, and beginDate in the multiple correlation.
const DATE_PARAMS = ['startDate', 'endDate', 'beginDate'];

/** Whether the user may save queries: feature Query and access to /query/list (spec part 2 §6). */
export function canSaveQueries(authorities: readonly string[]): boolean {
  return canAccessRoute('QueryList', authorities);
}

/**
 * What the explorer view at `path` is saved as: navigation parameters (origin, queryName, filter)
 * dropped, and the dates too when saved without them; undefined when it is no explorer view.
 */
export function savedQueryPath(path: string, withDates: boolean): string | undefined {
  const normalized = normalizeQueryPath(path);
  return normalized && !withDates
    ? normalizeQueryPath(withoutSearchParams(normalized, DATE_PARAMS))
    : normalized;
}

interface SaveQueryValues {
  name: string;
  withDates: boolean;
}

interface SaveQueryModalProps {
  /** shows the modal; mount it on an explorer chart page (it saves the address on screen) */
  open: boolean;
  /** cancelled (no argument) or saved (the new query, listed first among the user's own by name) */
  onClose: (saved?: QueryDto) => void;
}

// "Save as query" of the explorer settings menu (spec part 2 §2, §5): a required name (prefilled with
// the query the view was opened from) and the choice to keep the dates or not. Offer it only when
// canSaveQueries(authorities). Enter saves, Escape cancels; success and failure show an alert.
export function SaveQueryModal({ open, onClose }: SaveQueryModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const location = useLocation();
  const [form] = Form.useForm<SaveQueryValues>();
  const [createQuery, creation] = useCreateQueryMutation();
  const withDates = Form.useWatch('withDates', form) ?? true;
  const address = location.pathname + location.search;
  // Whether the view can be saved as the form stands (the path is taken again when saving).
  const relativePath = savedQueryPath(address, withDates);

  const save = async () => {
    const values = await form.validateFields().catch(() => undefined);
    const path = values && savedQueryPath(address, values.withDates);
    if (!values || !path) return;
    const name = values.name.trim();
    const result = await createQuery({ name, relativePath: path, star: false });
    if (result.error) {
      void message.error(t('queries.createError', { name }));
      return;
    }
    void message.success(t('queries.created', { name }));
    onClose(result.data);
  };

  return (
    <ConfirmModal
      open={open}
      title={t('queries.save.title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !relativePath, loading: creation.isLoading }}
      onOk={() => void save()}
      onCancel={() => onClose()}
      destroyOnHidden
    >
      {!relativePath && <Alert type="warning" showIcon title={t('queries.save.noQuery')} />}
      <Form<SaveQueryValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        preserve={false}
        initialValues={{ name: new URLSearchParams(location.search).get('queryName') ?? '', withDates: true }}
      >
        <Form.Item
          name="name"
          label={t('queries.save.name')}
          rules={[{ required: true, whitespace: true, message: t('validation.queryNameRequired') }]}
        >
          <Input autoComplete="off" autoFocus maxLength={200} />
        </Form.Item>
        <Form.Item name="withDates" valuePropName="checked" extra={t('queries.save.withDatesHelp')}>
          <Checkbox>{t('queries.save.withDates')}</Checkbox>
        </Form.Item>
      </Form>
    </ConfirmModal>
  );
}
