import { Modal, type ModalProps } from 'antd';
import type { KeyboardEvent } from 'react';

interface ConfirmModalProps extends Omit<ModalProps, 'onOk'> {
  onOk: () => void;
}

// A modal where Enter confirms and Escape cancels (spec part 1 §4), unless the key belongs to a control:
// a button, a text area, or an open drop-down choosing an option.
export function ConfirmModal({ onOk, ...props }: ConfirmModalProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (
      event.key !== 'Enter' ||
      event.defaultPrevented ||
      target instanceof HTMLButtonElement ||
      target instanceof HTMLTextAreaElement ||
      target.getAttribute('aria-expanded') === 'true'
    ) {
      return;
    }
    event.preventDefault();
    onOk();
  };
  return (
    <Modal {...props} onOk={onOk} keyboard modalRender={(node) => <div onKeyDown={onKeyDown}>{node}</div>} />
  );
}
