import {
  SITE_PLAN_IMAGE_TYPES,
  SITE_PLAN_MAX_BYTES,
  sitePlanCornersSchema,
  sitePlanImageType,
  type SitePlanCorners,
  type SitePlanDto,
  type SitePlanImageType,
} from '@plantlens/contracts';
import { App, Button, Col, Flex, Form, InputNumber, Modal, Popconfirm, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { apiErrorMessage } from '../../../lib/api-error';
import { formatSize } from '../../../lib/format-size';
import { usePlaceSitePlanMutation, useRemoveSitePlanMutation, useUploadSitePlanMutation } from '../api';
import type { incidencesEnGB } from '../i18n';
import type { LngLatBounds } from '../map-markers';

interface SitePlanModalProps {
  /** the stored plan: its corners are proposed, and the image may be kept */
  plan: SitePlanDto | null;
  /** what the map shows now, for "Use the current view" */
  currentView: LngLatBounds | null;
  onClose: () => void;
}

interface SitePlanForm extends SitePlanCorners {
  image?: File;
}

const CORNER_FIELDS: (keyof SitePlanCorners)[] = [
  'topLeftLat',
  'topLeftLng',
  'bottomRightLat',
  'bottomRightLng',
];

// The first bytes of a file, read as the server reads them (FileReader: jsdom's Blob has no arrayBuffer).
function fileHead(file: Blob, bytes: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file.slice(0, bytes));
  });
}

/** The image type by its first bytes, or the reason it is refused (the server checks the same). */
async function checkImage(file: File): Promise<{ type: SitePlanImageType } | { problem: 'type' | 'size' }> {
  if (file.size > SITE_PLAN_MAX_BYTES) return { problem: 'size' };
  const type = sitePlanImageType(await fileHead(file, 8));
  return type ? { type } : { problem: 'type' };
}

// The file field of the form: a browser's file picker holds its own value, so only changes go up; the
// rest (id, aria-describedby from Form.Item) goes to the input.
interface ImageInputProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  value?: File;
  onChange?: (file?: File) => void;
}

function ImageInput({ value: _chosen, onChange, ...input }: ImageInputProps) {
  return (
    <input
      {...input}
      type="file"
      accept={SITE_PLAN_IMAGE_TYPES.join(',')}
      onChange={(event) => onChange?.(event.target.files?.[0])}
    />
  );
}

// An administrator uploads the site plan (PNG or JPEG) and places it by its top-left and bottom-right
// corners, typed or taken from what the map shows. With a plan stored, the image may be kept and only
// the corners changed, or the plan removed.
export function SitePlanModal({ plan, currentView, onClose }: SitePlanModalProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SitePlanForm>();
  const [upload, uploading] = useUploadSitePlanMutation();
  const [place, placing] = usePlaceSitePlanMutation();
  const [remove, removing] = useRemoveSitePlanMutation();
  const [failure, setFailure] = useState<Parameters<typeof apiErrorMessage>[0]>();
  const text = (key: keyof typeof incidencesEnGB.currentStatus.sitePlan, options?: Record<string, unknown>) =>
    t(`incidences.currentStatus.sitePlan.${key}`, options ?? {});
  const chosen = Form.useWatch('image', form);

  const save = async () => {
    const { image, ...corners } = await form.validateFields();
    setFailure(undefined);
    try {
      if (image) {
        const checked = await checkImage(image);
        if (!('type' in checked)) return;
        await upload({ image, contentType: checked.type, corners }).unwrap();
      } else {
        await place(corners).unwrap();
      }
      void message.success(text('saved'));
      onClose();
    } catch (error) {
      setFailure(error as Parameters<typeof apiErrorMessage>[0]);
    }
  };

  const removePlan = async () => {
    setFailure(undefined);
    try {
      await remove().unwrap();
      void message.success(text('removed'));
      onClose();
    } catch (error) {
      setFailure(error as Parameters<typeof apiErrorMessage>[0]);
    }
  };

  const useCurrentView = () => {
    if (!currentView) return;
    const [west, south, east, north] = currentView;
    const round = (value: number) => Number(value.toFixed(6));
    form.setFieldsValue({
      topLeftLat: round(north),
      topLeftLng: round(west),
      bottomRightLat: round(south),
      bottomRightLng: round(east),
    });
    void form.validateFields(CORNER_FIELDS).catch(() => undefined);
  };

  const imageRule = {
    validator: async (_: unknown, file: File | undefined) => {
      if (!file) {
        if (plan) return;
        throw new Error(text('imageRequired'));
      }
      const checked = await checkImage(file);
      if ('problem' in checked) {
        throw new Error(
          checked.problem === 'size'
            ? text('tooLarge', { size: formatSize(SITE_PLAN_MAX_BYTES, i18n.language) })
            : text('notAnImage'),
        );
      }
    },
  };
  // The corners together: the top-left north and west of the bottom-right (shown under the last field).
  const cornersRule = {
    validator: async () => {
      const values = form.getFieldsValue(CORNER_FIELDS);
      if (CORNER_FIELDS.some((field) => typeof values[field] !== 'number')) return;
      if (!sitePlanCornersSchema.safeParse(values).success) throw new Error(text('crossed'));
    },
  };
  const corner = (field: keyof SitePlanCorners, limit: number) => {
    const label = text(field);
    return (
      <Form.Item
        name={field}
        label={label}
        dependencies={field === 'bottomRightLng' ? CORNER_FIELDS.slice(0, 3) : []}
        rules={[
          { required: true, message: t('incidences.validation.mandatory') },
          ...(field === 'bottomRightLng' ? [cornersRule] : []),
        ]}
      >
        <InputNumber<number> aria-label={label} min={-limit} max={limit} style={{ width: '100%' }} />
      </Form.Item>
    );
  };

  return (
    <Modal
      open
      title={text('title')}
      onCancel={onClose}
      footer={
        <Flex justify="space-between">
          <div>
            {plan && (
              <Popconfirm
                title={text('removeConfirm')}
                okText={text('remove')}
                cancelText={t('common.cancel')}
                onConfirm={() => void removePlan()}
              >
                <Button danger loading={removing.isLoading}>
                  {text('remove')}
                </Button>
              </Popconfirm>
            )}
          </div>
          <Flex gap={8}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              loading={uploading.isLoading || placing.isLoading}
              onClick={() => void save().catch(() => undefined)}
            >
              {t('common.save')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      {failure !== undefined && (
        <ApiErrorAlert style={{ marginBottom: 16 }} title={text('saveError')} error={failure} />
      )}
      <Form<SitePlanForm> form={form} layout="vertical" initialValues={plan?.corners}>
        <Form.Item
          name="image"
          label={text('image')}
          extra={text('imageHelp', { size: formatSize(SITE_PLAN_MAX_BYTES, i18n.language) })}
          rules={[imageRule]}
        >
          <ImageInput aria-label={text('image')} />
        </Form.Item>
        {plan && !chosen && (
          <Typography.Paragraph type="secondary">
            {text('keeps', { size: formatSize(plan.bytes, i18n.language) })}
          </Typography.Paragraph>
        )}
        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
          <Typography.Text strong>{text('corners')}</Typography.Text>
          <Button size="small" disabled={!currentView} onClick={useCurrentView}>
            {text('currentView')}
          </Button>
        </Flex>
        <Row gutter={12}>
          <Col span={12}>{corner('topLeftLat', 90)}</Col>
          <Col span={12}>{corner('topLeftLng', 180)}</Col>
          <Col span={12}>{corner('bottomRightLat', 90)}</Col>
          <Col span={12}>{corner('bottomRightLng', 180)}</Col>
        </Row>
      </Form>
    </Modal>
  );
}
