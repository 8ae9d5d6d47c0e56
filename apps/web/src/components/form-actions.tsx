import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';

// Cancel and Save at the foot of a form page. Without `onSave` Save submits the surrounding antd Form.
export function FormActions({
  onCancel,
  saving,
  onSave,
}: {
  onCancel: () => void;
  saving: boolean;
  onSave?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} justify="flex-end">
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="primary" htmlType={onSave ? 'button' : 'submit'} loading={saving} onClick={onSave}>
        {t('common.save')}
      </Button>
    </Flex>
  );
}
