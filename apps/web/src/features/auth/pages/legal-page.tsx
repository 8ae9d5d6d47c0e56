import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const SECTIONS = ['use', 'data', 'accounts', 'liability'] as const;

// Terms and conditions, opened in a new tab from the registration text.
export function LegalPage() {
  const { t } = useTranslation();
  return (
    <Flex justify="center" style={{ padding: 24 }}>
      <Card style={{ maxWidth: 800 }}>
        <Typography.Title level={2}>{t('legal.title')}</Typography.Title>
        {SECTIONS.map((section) => (
          <section key={section}>
            <Typography.Title level={4}>{t(`legal.${section}.title`)}</Typography.Title>
            <Typography.Paragraph>{t(`legal.${section}.text`)}</Typography.Paragraph>
          </section>
        ))}
      </Card>
    </Flex>
  );
}
