import { EditOutlined, ExperimentOutlined } from '@ant-design/icons';
import { hasFeature, type ValveAssetDto, type ValveAssetUpdateDto } from '@plantlens/contracts';
import { App, Button, DatePicker, Flex, Form, Input, Modal, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../lib/account-api';
import { useLearnNormalCurvesMutation, useUpdateValveAssetMutation } from '../api';

interface ValveForm {
  label: string;
  serialNumber: string;
  tagNumber: string;
  lastMaintenance: Dayjs | null;
}

const orNull = (text: string | undefined) => (text?.trim() ? text.trim() : null);

function ValveEditModal({ valve, onClose }: { valve: ValveAssetDto; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ValveForm>();
  const [update, { isLoading }] = useUpdateValveAssetMutation();
  const save = async () => {
    const values = await form.validateFields();
    const body: ValveAssetUpdateDto = {
      label: values.label.trim(),
      serialNumber: orNull(values.serialNumber),
      tagNumber: orNull(values.tagNumber),
      lastMaintenance: values.lastMaintenance ? values.lastMaintenance.format('YYYY-MM-DD') : null,
    };
    try {
      await update({ id: valve.id, body }).unwrap();
      void message.success(t('ampo.admin.saved', { name: body.label }));
      onClose();
    } catch {
      void message.error(t('ampo.admin.saveError', { name: valve.label }));
    }
  };
  const field = (name: 'serialNumber' | 'tagNumber') => (
    <Form.Item name={name} label={t(`ampo.info.${name}`)}>
      <Input aria-label={t(`ampo.info.${name}`)} maxLength={100} />
    </Form.Item>
  );
  return (
    <Modal
      open
      title={t('ampo.admin.editTitle', { name: valve.label })}
      okText={t('common.save')}
      confirmLoading={isLoading}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
    >
      <Form<ValveForm>
        form={form}
        layout="vertical"
        initialValues={{
          label: valve.label,
          serialNumber: valve.serialNumber ?? '',
          tagNumber: valve.tagNumber ?? '',
          lastMaintenance: valve.lastMaintenance ? dayjs(valve.lastMaintenance) : null,
        }}
      >
        <Form.Item
          name="label"
          label={t('ampo.admin.label')}
          rules={[{ required: true, whitespace: true, message: t('ampo.admin.required') }]}
        >
          <Input aria-label={t('ampo.admin.label')} maxLength={100} />
        </Form.Item>
        {field('serialNumber')}
        {field('tagNumber')}
        <Form.Item name="lastMaintenance" label={t('ampo.info.lastMaintenance')}>
          <DatePicker aria-label={t('ampo.info.lastMaintenance')} format="DD/MM/YYYY" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// Beyond the spec (README): administrators edit a valve's descriptive fields and re-learn its normal
// curves from its recent fault-free actuations.
export function ValveAdminActions({ valve }: { valve: ValveAssetDto }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const account = useAccount();
  const [editing, setEditing] = useState(false);
  const [learn, { isLoading: learning }] = useLearnNormalCurvesMutation();
  if (!hasFeature(account.data?.authorities ?? [], 'Admin')) return null;
  const learnCurves = async () => {
    try {
      await learn({ asset: valve.id }).unwrap();
      void message.success(t('ampo.admin.learned', { name: valve.label }));
    } catch {
      void message.error(t('ampo.admin.learnError', { name: valve.label }));
    }
  };
  return (
    <Flex gap={4}>
      <Tooltip title={t('ampo.admin.edit')}>
        <Button
          size="small"
          type="text"
          icon={<EditOutlined />}
          aria-label={t('ampo.admin.edit')}
          onClick={() => setEditing(true)}
        />
      </Tooltip>
      <Tooltip title={t('ampo.admin.learn')}>
        <Button
          size="small"
          type="text"
          icon={<ExperimentOutlined />}
          aria-label={t('ampo.admin.learn')}
          loading={learning}
          onClick={() => void learnCurves()}
        />
      </Tooltip>
      {editing && <ValveEditModal valve={valve} onClose={() => setEditing(false)} />}
    </Flex>
  );
}
