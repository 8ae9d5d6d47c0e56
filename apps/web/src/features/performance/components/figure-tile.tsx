import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

interface FigureTileProps {
  icon: ReactNode;
  title: string;
  value: string;
  description: string;
}

// One current figure: icon, name, value and what it measures. The region is named by the figure, so the
// end-to-end test and assistive technology find its value.
export function FigureTile({ icon, title, value, description }: FigureTileProps) {
  return (
    <Card size="small" style={{ width: 250 }} role="region" aria-label={title}>
      <Flex gap={12} align="flex-start">
        <span style={{ fontSize: 24, color: '#1677ff' }}>{icon}</span>
        <Flex vertical gap={2}>
          <Typography.Text type="secondary">{title}</Typography.Text>
          <Typography.Text strong style={{ fontSize: 22 }} data-testid="figure-value">
            {value}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {description}
          </Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}
