import { UserOutlined } from '@ant-design/icons';
import type { AccountProfileDto } from '@plantlens/contracts';
import { Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

// "My profile" of the personal area: who the signed-in user is, read-only.
export function MyProfileCard({ profile }: { profile: AccountProfileDto }) {
  const { t } = useTranslation();
  const administrator = profile.superAdmin
    ? t('personalArea.superAdministrator')
    : t(profile.admin ? 'personalArea.yes' : 'personalArea.no');
  return (
    <Card
      title={
        <span>
          <UserOutlined style={{ marginRight: 8 }} />
          {t('personalArea.myProfile')}
        </span>
      }
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('personalArea.username')}>{profile.username}</Descriptions.Item>
        <Descriptions.Item label={t('personalArea.email')}>
          {profile.email ?? <Typography.Text type="secondary">{t('personalArea.noEmail')}</Typography.Text>}
        </Descriptions.Item>
        <Descriptions.Item label={t('personalArea.groups')}>
          {profile.groups.length === 0 ? (
            <Typography.Text type="secondary">{t('personalArea.noGroups')}</Typography.Text>
          ) : (
            profile.groups.map((group) => <Tag key={group.id}>{group.name}</Tag>)
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('personalArea.administrator')}>{administrator}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
