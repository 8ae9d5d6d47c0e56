import { Button, Flex, Form, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { checkAxisRange, type AxisRange } from '../axis-range';

export type RangeAxis = 'x' | 'y' | 'z';
export type AxisRanges = Record<RangeAxis, AxisRange | null>;

interface FixedRangesModalProps {
  open: boolean;
  /** the axes the view has: X and Y, and Z with an intensity or category colouring */
  axes: readonly RangeAxis[];
  ranges: AxisRanges;
  /** Save: the ranges as entered (an axis left empty has none) */
  onSave: (ranges: AxisRanges) => void;
  /** Reset: no fixed range on any axis */
  onReset: () => void;
  /** closed without saving; what was typed is dropped */
  onClose: () => void;
}

type Bounds = Record<RangeAxis, { min: number | null; max: number | null }>;

// The fixed-ranges modal of the correlation charts (spec part 2 §4, §5): a minimum and a maximum per axis,
// either may stay empty; when both are given the minimum must be less than the maximum. Enter saves,
// Escape closes.
export function FixedRangesModal({ open, axes, ranges, onSave, onReset, onClose }: FixedRangesModalProps) {
  const { t } = useTranslation();
  const [bounds, setBounds] = useState<Bounds>(() => boundsOf(ranges));
  const [showErrors, setShowErrors] = useState(false);
  const checks = Object.fromEntries(
    axes.map((axis) => [axis, checkAxisRange(bounds[axis].min, bounds[axis].max)]),
  ) as Record<RangeAxis, ReturnType<typeof checkAxisRange>>;

  const save = () => {
    if (axes.some((axis) => checks[axis].error)) {
      setShowErrors(true);
      return;
    }
    onSave({
      x: null,
      y: null,
      z: null,
      ...Object.fromEntries(axes.map((axis) => [axis, checks[axis].range])),
    });
  };
  const bound = (axis: RangeAxis, side: 'min' | 'max') => {
    const axisName = t(`correlation.ranges.${axis}`);
    const failing = showErrors && checks[axis].error !== null;
    return (
      <Form.Item
        label={t(`correlation.ranges.${side}`)}
        validateStatus={failing ? 'error' : undefined}
        help={
          failing
            ? t(side === 'min' ? 'correlation.ranges.minOrder' : 'correlation.ranges.maxOrder')
            : undefined
        }
        style={{ flex: 1, marginBottom: 8 }}
      >
        <InputNumber
          aria-label={t(side === 'min' ? 'correlation.ranges.minOf' : 'correlation.ranges.maxOf', {
            axis: axisName,
          })}
          style={{ width: '100%' }}
          value={bounds[axis][side]}
          onChange={(value) => setBounds({ ...bounds, [axis]: { ...bounds[axis], [side]: value ?? null } })}
        />
      </Form.Item>
    );
  };

  return (
    <ConfirmModal
      open={open}
      title={t('correlation.ranges.title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
      footer={(buttons) => (
        <Flex justify="space-between">
          <Button onClick={onReset}>{t('correlation.ranges.reset')}</Button>
          <Flex gap={8}>{buttons}</Flex>
        </Flex>
      )}
    >
      <Typography.Paragraph type="secondary">{t('correlation.ranges.help')}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        {axes.map((axis) => (
          <fieldset key={axis} style={{ border: 'none', margin: 0, padding: 0 }}>
            <Typography.Text strong>{t(`correlation.ranges.${axis}`)}</Typography.Text>
            <Flex gap={12}>
              {bound(axis, 'min')}
              {bound(axis, 'max')}
            </Flex>
          </fieldset>
        ))}
      </Form>
    </ConfirmModal>
  );
}

function boundsOf(ranges: AxisRanges): Bounds {
  const of = (range: AxisRange | null) => ({ min: range?.min ?? null, max: range?.max ?? null });
  return { x: of(ranges.x), y: of(ranges.y), z: of(ranges.z) };
}
