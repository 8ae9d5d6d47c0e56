import { ToolOutlined } from '@ant-design/icons';
import type { AssetAlarmSourceDto } from '@plantlens/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The tag marking a valve failure source (README "Valve failure sources"). */
export function ValveSourceTag() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('incidences.source.tagHelp')}>
      <Tag icon={<ToolOutlined />} color="orange">
        {t('incidences.source.tag')}
      </Tag>
    </Tooltip>
  );
}

// What a source watches: its asset and the translated failure text (the valve screens' keys, spec part 2
// §8), e.g. "gate01 · Sustained high torque"; a code without a text is named by its number.
export function ValveSourceLabel({ source }: { source: AssetAlarmSourceDto }) {
  const { t } = useTranslation();
  const failure = t(`ampo.incidenceReview.failure.${source.errorCode}` as 'ampo.incidenceReview.failure.0', {
    defaultValue: t('incidences.source.unknownFailure', { code: source.errorCode }),
  });
  return (
    <span>
      <ValveSourceTag />
      {`${source.asset} · ${failure}`}
    </span>
  );
}
