import type { CurrentStatusAssetDto } from '@plantlens/contracts';
import { App, Form, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { usePlaceAssetsMutation } from '../api';
import { assetLabel, subtreeIds, type AssetNode } from '../asset-tree';

interface AssetPositionModalProps {
  asset: AssetNode;
  assets: readonly CurrentStatusAssetDto[];
  onClose: () => void;
}

interface PositionForm {
  parentId: number | null;
  lat: number | null;
  lng: number | null;
}

// An administrator places an asset on the map: its parent in the tree and its WGS 84 position, both
// coordinates or neither (no position: the asset shows in the tree only). The server checks the same and
// refuses a parent that would make the asset its own ancestor.
export function AssetPositionModal({ asset, assets, onClose }: AssetPositionModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PositionForm>();
  const [place, { isLoading, error }] = usePlaceAssetsMutation();
  const [submitted, setSubmitted] = useState(false);
  const excluded = subtreeIds(asset);
  const parents = assets
    .filter(({ id }) => !excluded.has(id))
    .map((parent) => ({ value: parent.id, label: assetLabel(parent) }));
  const byId = new Map(assets.map(({ id, name }) => [id, name]));

  const save = async () => {
    const { parentId, lat, lng } = await form.validateFields();
    setSubmitted(true);
    await place([
      { name: asset.name, parent: parentId === null ? null : (byId.get(parentId) ?? null), lat, lng },
    ]).unwrap();
    void message.success(t('incidences.currentStatus.position.saved', { name: assetLabel(asset) }));
    onClose();
  };
  // Both coordinates or neither: checked on each of them, with the other one's value.
  const pairRule = (other: 'lat' | 'lng') => ({
    validator: (_: unknown, value: number | null) =>
      (value ?? null) === null && (form.getFieldValue(other) ?? null) !== null
        ? Promise.reject(new Error(t('incidences.currentStatus.position.both')))
        : Promise.resolve(),
  });

  // A coordinate's field, in degrees within ±limit, checked together with the other one.
  const coordinate = (name: 'lat' | 'lng', other: 'lat' | 'lng', limit: number) => {
    const label = t(`incidences.currentStatus.position.${name}`);
    return (
      <Form.Item name={name} label={label} dependencies={[other]} rules={[pairRule(other)]}>
        <InputNumber<number> aria-label={label} min={-limit} max={limit} style={{ width: '100%' }} />
      </Form.Item>
    );
  };

  return (
    <Modal
      open
      title={t('incidences.currentStatus.position.title', { name: assetLabel(asset) })}
      okText={t('common.save')}
      confirmLoading={isLoading}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
    >
      {submitted && error && (
        <ApiErrorAlert
          style={{ marginBottom: 16 }}
          title={t('incidences.currentStatus.position.saveError', { name: assetLabel(asset) })}
          error={error}
        />
      )}
      <Form<PositionForm>
        form={form}
        layout="vertical"
        initialValues={{ parentId: asset.parentId, lat: asset.lat, lng: asset.lng }}
      >
        <Form.Item name="parentId" label={t('incidences.currentStatus.position.parent')}>
          <Select
            aria-label={t('incidences.currentStatus.position.parent')}
            options={parents}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('incidences.currentStatus.position.noParent')}
            onClear={() => form.setFieldValue('parentId', null)}
          />
        </Form.Item>
        {coordinate('lat', 'lng', 90)}
        {coordinate('lng', 'lat', 180)}
      </Form>
    </Modal>
  );
}
