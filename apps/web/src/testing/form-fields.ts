import { fireEvent, screen } from '@testing-library/react';

export function fillField(label: string, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

// What a form shows under a field: the text of the elements its input is described by (aria-describedby).
// Read directly: jest-dom's toHaveAccessibleDescription computes styles and takes seconds on antd pages.
export function fieldMessage(label: string): string {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

// The message a form item shows under its field, found from the field's label text: for fields whose input
// is not described by it (antd's selects).
export function itemMessage(label: string): string {
  const item = screen.getByText(label, { selector: '.ant-form-item-label label' }).closest('.ant-form-item');
  return item?.querySelector('.ant-form-item-explain')?.textContent ?? '';
}
