import { ArrowLeftOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

// A page title with the back chevron the spec gives every form and sub-list page.
export function PageHeading({
  backTo,
  title,
  level = 4,
}: {
  backTo: string;
  title: ReactNode;
  level?: 3 | 4;
}) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={8}>
      <Link to={backTo} aria-label={t('common.back')}>
        <ArrowLeftOutlined />
      </Link>
      <Typography.Title level={level} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
    </Flex>
  );
}
