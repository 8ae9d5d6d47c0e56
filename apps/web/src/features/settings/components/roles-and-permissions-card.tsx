import { SafetyOutlined } from '@ant-design/icons';
import {
  FEATURE_AUTHORITIES,
  GROUP_PERMISSION_FLAGS,
  hasFeature,
  type AccountProfileDto,
  type Feature,
  type GroupPermissionFlag,
} from '@plantlens/contracts';
import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const FEATURES = Object.keys(FEATURE_AUTHORITIES) as Feature[];
const isFlag = (name: string): name is GroupPermissionFlag =>
  GROUP_PERMISSION_FLAGS.includes(name as GroupPermissionFlag);

// "Roles and permissions" of the personal area, read-only: the flags each group grants, then the product
// areas (features) the user's authorities open, by the same table the guards use.
export function RolesAndPermissionsCard({ profile }: { profile: AccountProfileDto }) {
  const { t } = useTranslation();
  const features = FEATURES.filter((feature) => hasFeature(profile.authorities, feature));
  const none = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;
  return (
    <Card
      title={
        <span>
          <SafetyOutlined style={{ marginRight: 8 }} />
          {t('personalArea.rolesAndPermissions')}
        </span>
      }
    >
      <Typography.Paragraph type="secondary">{t('personalArea.rolesIntro')}</Typography.Paragraph>
      <Typography.Title level={5}>{t('personalArea.groupGrants')}</Typography.Title>
      {profile.groups.length === 0 ? (
        <Typography.Paragraph>{none(t('personalArea.noGroups'))}</Typography.Paragraph>
      ) : (
        <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
          {profile.groups.map((group) => (
            <Descriptions.Item key={group.id} label={group.name}>
              {group.permissions.length === 0
                ? none(t('personalArea.noPermissions'))
                : group.permissions.map((permission) => (
                    <Tag key={permission} color="blue">
                      {isFlag(permission) ? t(`groupPermissions.node.${permission}`) : permission}
                    </Tag>
                  ))}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      <Typography.Title level={5}>{t('personalArea.features')}</Typography.Title>
      {features.length === 0 ? (
        none(t('personalArea.noFeatures'))
      ) : (
        <Flex wrap gap={8} role="list" aria-label={t('personalArea.features')}>
          {features.map((feature) => (
            <Tag key={feature} color="green" role="listitem">
              {t(`personalArea.feature.${feature}`)}
            </Tag>
          ))}
        </Flex>
      )}
    </Card>
  );
}
