import type { VariableMinimalDto } from '@plantlens/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createI18n } from '../../app/i18n';
import { makeStore } from '../../app/store';
import { TestApiServer } from '../../testing/test-api-server';
import { VariableSelectionModal } from './variable-selection-modal';

jest.setTimeout(60_000);

const sensor = (id: number): VariableMinimalDto => ({
  id,
  label: `Sensor ${id}`,
  unit: 'bar',
  categoryId: null,
  clientReference: `PT-${id}`,
});
// 80 variables match: the server answers the first 30, each row carrying the total.
const firstThirty = Array.from({ length: 30 }, (_, index) => ({ ...sensor(index + 1), totalRows: 80 }));

describe('VariableSelectionModal', () => {
  let server: TestApiServer;

  beforeEach(async () => {
    server = new TestApiServer().answer('GET', '/api/web/variable/minimal/search', { json: firstThirty });
    await server.start();
  });

  afterEach(() => server.stop());

  async function renderModal(initial: VariableMinimalDto[] = []) {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    const storage = new Map<string, string>();
    const i18n = createI18n({
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
    });
    await i18n.changeLanguage('en_GB');
    render(
      <Provider store={makeStore()}>
        <I18nextProvider i18n={i18n}>
          <VariableSelectionModal
            initial={initial}
            maxSelected={50}
            onConfirm={onConfirm}
            onCancel={onCancel}
          />
        </I18nextProvider>
      </Provider>,
    );
    const modal = await screen.findByRole('dialog');
    expect(await within(modal).findAllByTestId(/^variable-option-/)).toHaveLength(30);
    return { modal, onConfirm, onCancel };
  }

  it('lists the first 30 matches and counts the rest', async () => {
    const { modal } = await renderModal();
    expect(within(modal).getByText('and 50 more')).toBeInTheDocument();
  });

  it('selects the 30 listed variables with select-all; Enter confirms them in order', async () => {
    const { modal, onConfirm } = await renderModal();
    fireEvent.click(within(modal).getByRole('checkbox', { name: 'Select all listed' }));
    expect(within(modal).getByText('30 of 50 selected')).toBeInTheDocument();
    fireEvent.keyDown(within(modal).getByRole('textbox', { name: 'Search variables' }), { key: 'Enter' });
    expect(onConfirm).toHaveBeenCalledWith(firstThirty);
  });

  it('keeps the variables already chosen first, and select-all again unticks only the listed ones', async () => {
    const elsewhere = sensor(99);
    const { modal, onConfirm } = await renderModal([elsewhere, sensor(2)]);
    expect(within(modal).getByText('2 of 50 selected')).toBeInTheDocument();
    const selectAll = within(modal).getByRole('checkbox', { name: 'Select all listed' });
    fireEvent.click(selectAll);
    expect(within(modal).getByText('31 of 50 selected')).toBeInTheDocument();
    fireEvent.click(selectAll);
    fireEvent.click(within(modal).getByRole('button', { name: 'Accept' }));
    expect(onConfirm).toHaveBeenCalledWith([elsewhere]);
  });

  it('cancels without confirming', async () => {
    const { modal, onConfirm, onCancel } = await renderModal();
    fireEvent.click(within(modal).getByTestId('variable-option-PT-4'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
