import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Flex justify="center" align="center" style={{ padding: 48 }}>
      <Spin size="large" aria-label={t('app.loading')} />
    </Flex>
  );
}
