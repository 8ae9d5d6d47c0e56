import { fireEvent, screen } from '@testing-library/react';
import { renderWithI18n } from '../testing/render-with-i18n';
import { ConfirmModal } from './confirm-modal';

function renderModal() {
  const onOk = jest.fn();
  const onCancel = jest.fn();
  renderWithI18n(
    <ConfirmModal open title="Add user" onOk={onOk} onCancel={onCancel}>
      <input aria-label="Name" />
    </ConfirmModal>,
  );
  return { onOk, onCancel };
}

describe('ConfirmModal', () => {
  it('confirms with Enter', () => {
    const { onOk, onCancel } = renderModal();
    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Enter' });
    expect(onOk).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels with Escape', () => {
    const { onOk, onCancel } = renderModal();
    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onOk).not.toHaveBeenCalled();
  });

  it('leaves Enter on a button to the button', () => {
    const { onOk } = renderModal();
    fireEvent.keyDown(screen.getByRole('button', { name: /cancel/i }), { key: 'Enter' });
    expect(onOk).not.toHaveBeenCalled();
  });
});
