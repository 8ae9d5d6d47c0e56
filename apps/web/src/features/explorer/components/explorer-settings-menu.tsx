import { CopyOutlined, DownloadOutlined, SaveOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';

interface ExplorerSettingsMenuProps {
  onCopyUrl: () => void;
  /** absent when the user may not save queries */
  onSaveQuery?: () => void;
  onDownloadCsv: () => void;
  /** present when the chart shows reduced data: downloads every stored point of the range instead */
  onDownloadRawCsv?: () => void;
  /** no data to download yet */
  downloadDisabled: boolean;
}

// The settings menu of every explorer chart (spec part 2 §2): copy URL, save as query, download CSV.
export function ExplorerSettingsMenu({
  onCopyUrl,
  onSaveQuery,
  onDownloadCsv,
  onDownloadRawCsv,
  downloadDisabled,
}: ExplorerSettingsMenuProps) {
  const { t } = useTranslation();
  const items: MenuProps['items'] = [
    { key: 'copyUrl', icon: <CopyOutlined />, label: t('explorer.settings.copyUrl'), onClick: onCopyUrl },
    ...(onSaveQuery
      ? [
          {
            key: 'saveQuery',
            icon: <SaveOutlined />,
            label: t('explorer.settings.saveQuery'),
            onClick: onSaveQuery,
          },
        ]
      : []),
    {
      key: 'downloadCsv',
      icon: <DownloadOutlined />,
      label: t('explorer.settings.downloadCsv'),
      disabled: downloadDisabled,
      onClick: onDownloadCsv,
    },
    ...(onDownloadRawCsv
      ? [
          {
            key: 'downloadRawCsv',
            icon: <DownloadOutlined />,
            label: t('explorer.settings.downloadRawCsv'),
            disabled: downloadDisabled,
            onClick: onDownloadRawCsv,
          },
        ]
      : []),
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button icon={<SettingOutlined />} aria-label={t('explorer.settings.label')} />
    </Dropdown>
  );
}
