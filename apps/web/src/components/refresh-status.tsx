import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

interface RefreshStatusProps {
  /** when the shown data was received (epoch ms); nothing is said before the first answer */
  updatedAt: number | undefined;
  refreshing: boolean;
  onRefresh: () => void;
}

// Beside a list that reloads by itself: when its data arrived, and a button to ask again now.
export function RefreshStatus({ updatedAt, refreshing, onRefresh }: RefreshStatusProps) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={8}>
      {updatedAt !== undefined && (
        <Typography.Text type="secondary" data-testid="updated-at">
          {t('common.updatedAt', { time: dayjs(updatedAt).format('HH:mm:ss') })}
        </Typography.Text>
      )}
      <Button icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh}>
        {t('common.refresh')}
      </Button>
    </Flex>
  );
}
