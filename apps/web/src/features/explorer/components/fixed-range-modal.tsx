import { Button, Flex, Form, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FixedRange } from '../explorer-query';
import { checkFixedRange, type FixedRangeError } from '../fixed-range';

interface FixedRangeModalProps {
  value: FixedRange | null;
  /** the new fixed range, or null to clear it */
  onApply: (range: FixedRange | null) => void;
  onClose: () => void;
}

// Spec part 2 §4: Save applies the range, Reset clears it, closing while a field is in error resets.
// Enter saves and Escape closes (§5).
export function FixedRangeModal({ value, onApply, onClose }: FixedRangeModalProps) {
  const { t } = useTranslation();
  const [min, setMin] = useState<number | null>(value?.min ?? null);
  const [max, setMax] = useState<number | null>(value?.max ?? null);
  // A missing bound is pointed out once Save was tried; bounds in the wrong order as soon as both are typed.
  const [saveTried, setSaveTried] = useState(false);
  const check = checkFixedRange(min, max);
  const edited = min !== (value?.min ?? null) || max !== (value?.max ?? null);

  const apply = (range: FixedRange | null) => {
    onApply(range);
    onClose();
  };
  const save = () => {
    if (check.range) apply(check.range);
    else setSaveTried(true);
  };
  const close = () => (edited && !check.range ? apply(null) : onClose());
  const message = (error: FixedRangeError | undefined, orderKey: 'minOrder' | 'maxOrder') => {
    if (error === 'order') return t(`explorer.fixedRange.${orderKey}`);
    return error && saveTried ? t('validation.required') : undefined;
  };
  const minError = message(check.errors.min, 'minOrder');
  const maxError = message(check.errors.max, 'maxOrder');

  return (
    <Modal
      open
      title={t('explorer.fixedRange.title')}
      onCancel={close}
      footer={
        <Flex gap={8} justify="flex-end">
          <Button onClick={() => apply(null)}>{t('explorer.fixedRange.reset')}</Button>
          <Button type="primary" onClick={save}>
            {t('common.save')}
          </Button>
        </Flex>
      }
    >
      <Form
        layout="vertical"
        component="div"
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            save();
          }
        }}
      >
        <Form.Item label={t('explorer.fixedRange.min')} validateStatus={minError && 'error'} help={minError}>
          <InputNumber<number>
            aria-label={t('explorer.fixedRange.min')}
            style={{ width: '100%' }}
            value={min}
            onChange={setMin}
            autoFocus
          />
        </Form.Item>
        <Form.Item label={t('explorer.fixedRange.max')} validateStatus={maxError && 'error'} help={maxError}>
          <InputNumber<number>
            aria-label={t('explorer.fixedRange.max')}
            style={{ width: '100%' }}
            value={max}
            onChange={setMax}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
