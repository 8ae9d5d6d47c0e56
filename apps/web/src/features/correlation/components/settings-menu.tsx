import { CopyOutlined, DownloadOutlined, SaveOutlined, SettingOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../lib/account-api';
import { SaveQueryModal, canSaveQueries } from '../../queries/components/save-query-modal';

interface SettingsMenuProps {
  onDownloadCsv: () => void;
  /** no data to download yet */
  downloadDisabled: boolean;
}

// The settings menu of the correlation charts (spec part 2 §2): copy the address, save it as a query
// (feature Query and access to the query list), download CSV.
export function SettingsMenu({ onDownloadCsv, downloadDisabled }: SettingsMenuProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const authorities = useAccount().data?.authorities ?? [];
  const [saving, setSaving] = useState(false);
  const copyUrl = () =>
    navigator.clipboard
      .writeText(window.location.href)
      .then(() => message.success(t('correlation.settings.copied')))
      .catch(() => message.error(t('correlation.settings.copyFailed')));
  const items: MenuProps['items'] = [
    {
      key: 'copyUrl',
      icon: <CopyOutlined />,
      label: t('correlation.settings.copyUrl'),
      onClick: () => void copyUrl(),
    },
    ...(canSaveQueries(authorities)
      ? [
          {
            key: 'saveQuery',
            icon: <SaveOutlined />,
            label: t('correlation.settings.saveQuery'),
            onClick: () => setSaving(true),
          },
        ]
      : []),
    {
      key: 'downloadCsv',
      icon: <DownloadOutlined />,
      label: t('correlation.settings.downloadCsv'),
      disabled: downloadDisabled,
      onClick: onDownloadCsv,
    },
  ];
  return (
    <>
      <Dropdown menu={{ items }} trigger={['click']}>
        <Button icon={<SettingOutlined />} aria-label={t('correlation.settings.label')} />
      </Dropdown>
      <SaveQueryModal open={saving} onClose={() => setSaving(false)} />
    </>
  );
}
