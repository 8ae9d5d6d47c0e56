import { Alert, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';

interface PairChoiceModalProps {
  open: boolean;
  /** the pairs' titles, in chart order */
  pairs: string[];
  onChoose: (index: number) => void;
  onClose: () => void;
}

// Download with more than one pair: which pair's data (spec part 2 §2); choosing none shows an error (§5).
export function PairChoiceModal({ open, pairs, onChoose, onClose }: PairChoiceModalProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number | null>(null);
  const [showError, setShowError] = useState(false);
  const confirm = () => (chosen === null ? setShowError(true) : onChoose(chosen));
  return (
    <ConfirmModal
      open={open}
      title={t('correlation.download.title')}
      okText={t('correlation.download.download')}
      cancelText={t('common.cancel')}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
    >
      <Radio.Group
        aria-label={t('correlation.download.choosePair')}
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        options={pairs.map((pair, index) => ({ value: index, label: pair }))}
      />
      {showError && chosen === null && (
        <Alert
          type="error"
          showIcon
          title={t('correlation.download.pairRequired')}
          style={{ marginTop: 12 }}
        />
      )}
    </ConfirmModal>
  );
}
