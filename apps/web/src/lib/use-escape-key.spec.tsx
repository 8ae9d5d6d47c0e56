import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Drawer, Modal, Select } from 'antd';
import { useState } from 'react';
import { renderWithI18n } from '../testing/render-with-i18n';
import { useEscapeKey } from './use-escape-key';

// A side menu that Escape closes last, beside the overlays that take Escape first.
function Shell() {
  const [menuOpen, setMenuOpen] = useState(true);
  const [modalOpen, setModalOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEscapeKey(() => setMenuOpen(false), menuOpen, { last: true });
  return (
    <>
      <output aria-label="Menu">{menuOpen ? 'open' : 'closed'}</output>
      <Select aria-label="Unit" options={[{ value: 'bar', label: 'bar' }]} style={{ width: 100 }} />
      <Button onClick={() => setModalOpen(true)}>Open modal</Button>
      <Button onClick={() => setDrawerOpen(true)}>Open drawer</Button>
      <Modal title="A modal" open={modalOpen} onCancel={() => setModalOpen(false)} footer={null} />
      <Drawer title="A drawer" open={drawerOpen} onClose={() => setDrawerOpen(false)} />
    </>
  );
}

const menu = () => screen.getByLabelText('Menu');
const escapeOn = (target: Element) => fireEvent.keyDown(target, { key: 'Escape', keyCode: 27 });

describe('Escape and the side menu', () => {
  it('closes the side menu when nothing else is open', () => {
    renderWithI18n(<Shell />);
    escapeOn(document.body);
    expect(menu()).toHaveTextContent('closed');
  });

  it('closes an open select list first, wherever the focus is, and the menu stays', async () => {
    renderWithI18n(<Shell />);
    const unit = screen.getByLabelText('Unit');
    fireEvent.mouseDown(unit);
    await screen.findByText('bar', { selector: '.ant-select-item-option-content' });
    escapeOn(document.body);
    expect(menu()).toHaveTextContent('open');
    escapeOn(unit);
    await waitFor(() => expect(unit).toHaveAttribute('aria-expanded', 'false'));
    expect(menu()).toHaveTextContent('open');
  });

  it('closes an open modal first, and the menu stays', async () => {
    renderWithI18n(<Shell />);
    fireEvent.click(screen.getByText('Open modal'));
    const dialog = await screen.findByRole('dialog');
    escapeOn(dialog);
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap')).not.toBeVisible());
    expect(menu()).toHaveTextContent('open');
    // Once it is closed, the next Escape is the menu's.
    await act(() => new Promise((done) => setTimeout(done, 0)));
    escapeOn(document.body);
    expect(menu()).toHaveTextContent('closed');
  });

  it('leaves the menu open while a drawer is open', async () => {
    renderWithI18n(<Shell />);
    fireEvent.click(screen.getByText('Open drawer'));
    await screen.findByText('A drawer');
    escapeOn(document.body);
    expect(menu()).toHaveTextContent('open');
  });
});
