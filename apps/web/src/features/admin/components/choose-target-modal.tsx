import { Form, Select } from 'antd';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';

interface Option {
  value: string;
  label: string;
}

interface ChooseTargetModalProps {
  open: boolean;
  title: string;
  label: string;
  requiredMessage: string;
  options: Option[];
  okText: string;
  cancelText: string;
  onChoose: (value: string) => void;
  onCancel: () => void;
}

// A searchable single choice in a modal (add a user to a group, add a user or group to a permission
// list); confirming with nothing chosen says a choice is needed.
export function ChooseTargetModal({
  open,
  title,
  label,
  requiredMessage,
  options,
  okText,
  cancelText,
  onChoose,
  onCancel,
}: ChooseTargetModalProps) {
  const [value, setValue] = useState<string>();
  const [missing, setMissing] = useState(false);
  const close = () => {
    setValue(undefined);
    setMissing(false);
    onCancel();
  };
  const confirm = () => {
    if (value === undefined) {
      setMissing(true);
      return;
    }
    onChoose(value);
    setValue(undefined);
    setMissing(false);
  };
  return (
    <ConfirmModal
      open={open}
      title={title}
      okText={okText}
      cancelText={cancelText}
      onOk={confirm}
      onCancel={close}
    >
      <Form layout="vertical">
        <Form.Item
          label={label}
          validateStatus={missing ? 'error' : undefined}
          help={missing ? requiredMessage : undefined}
        >
          <Select
            showSearch
            optionFilterProp="label"
            aria-label={label}
            value={value}
            options={options}
            onChange={(chosen: string) => {
              setValue(chosen);
              setMissing(false);
            }}
          />
        </Form.Item>
      </Form>
    </ConfirmModal>
  );
}
