import type { VariableMinimalDto } from '@plantlens/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithI18n } from '../../../testing/render-with-i18n';
import { PICKER_VISIBLE_LIMIT, VariablePicker } from './variable-picker';

const variable = (id: number, label: string, unit: string | null = null): VariableMinimalDto => ({
  id,
  label,
  unit,
  clientReference: `REF-${id}`,
  categoryId: null,
});

const variables = [
  variable(1, 'Caudal de vapor', 't/h'),
  variable(2, 'Presión caldera', 'bar'),
  variable(3, 'Temperatura salida', '°C'),
];

function renderPicker(props: Partial<Parameters<typeof VariablePicker>[0]> = {}) {
  const onChange = jest.fn();
  renderWithI18n(
    <VariablePicker variables={variables} selectedIds={[]} maxSelected={2} onChange={onChange} {...props} />,
  );
  return { onChange };
}

const search = (text: string) =>
  fireEvent.change(screen.getByLabelText('Search variables'), { target: { value: text } });
const options = () => screen.queryAllByTestId(/^variable-option-/);

describe('VariablePicker', () => {
  it('lists every variable with its unit, identified by client reference', () => {
    renderPicker();
    expect(options().map((option) => option.dataset.testid)).toEqual([
      'variable-option-REF-1',
      'variable-option-REF-2',
      'variable-option-REF-3',
    ]);
    expect(screen.getByTestId('variable-option-REF-2')).toHaveTextContent('Presión caldera (bar)');
  });

  it('narrows the list to the variables matching the search, ignoring accents', () => {
    renderPicker();
    search('presion');
    expect(options()).toHaveLength(1);
    expect(options()[0]).toHaveTextContent('Presión caldera');
  });

  it('says so when nothing matches, and lists everything again once the search is cleared', () => {
    renderPicker();
    search('flujo');
    expect(options()).toHaveLength(0);
    expect(screen.getByText('No variable matches the search.')).toBeInTheDocument();
    search('');
    expect(options()).toHaveLength(3);
  });

  it(`shows at most ${PICKER_VISIBLE_LIMIT} matches and counts the rest`, () => {
    const many = Array.from({ length: PICKER_VISIBLE_LIMIT + 5 }, (_, index) =>
      variable(index + 1, `Sensor ${index + 1}`),
    );
    renderPicker({ variables: many });
    expect(options()).toHaveLength(PICKER_VISIBLE_LIMIT);
    expect(screen.getByText('and 5 more')).toBeInTheDocument();
    search('Sensor 3');
    // Sensor 3 and Sensor 30 to 35
    expect(options()).toHaveLength(7);
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
  });

  it('adds a clicked variable to the selection, after the ones already chosen', () => {
    const { onChange } = renderPicker({ selectedIds: [3] });
    fireEvent.click(within(screen.getByTestId('variable-option-REF-1')).getByRole('checkbox'));
    expect(onChange).toHaveBeenCalledWith([3, 1]);
  });

  it('removes a selected variable when it is clicked again or its tag is closed', () => {
    const { onChange } = renderPicker({ selectedIds: [1, 2] });
    expect(within(screen.getByTestId('variable-option-REF-1')).getByRole('checkbox')).toBeChecked();
    fireEvent.click(within(screen.getByTestId('variable-option-REF-1')).getByRole('checkbox'));
    expect(onChange).toHaveBeenLastCalledWith([2]);
    fireEvent.click(screen.getByLabelText('Remove Presión caldera'));
    expect(onChange).toHaveBeenLastCalledWith([1]);
  });

  it('keeps selected variables visible as tags while the search hides them', () => {
    renderPicker({ selectedIds: [2] });
    search('caudal');
    expect(screen.getByLabelText('Remove Presión caldera')).toBeInTheDocument();
  });

  it('disables the other variables once the maximum is selected', () => {
    renderPicker({ selectedIds: [1, 2], maxSelected: 2 });
    expect(screen.getByText('2 of 2 selected')).toBeInTheDocument();
    expect(within(screen.getByTestId('variable-option-REF-3')).getByRole('checkbox')).toBeDisabled();
    expect(within(screen.getByTestId('variable-option-REF-1')).getByRole('checkbox')).toBeEnabled();
  });
});
