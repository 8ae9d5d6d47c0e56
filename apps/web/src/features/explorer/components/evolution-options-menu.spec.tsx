import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithI18n } from '../../../testing/render-with-i18n';
import { DEFAULT_EVOLUTION_OPTIONS } from '../explorer-query';
import { EvolutionOptionsMenu } from './evolution-options-menu';

function renderMenu(variableCount: number) {
  const toggled: string[] = [];
  renderWithI18n(
    <EvolutionOptionsMenu
      options={DEFAULT_EVOLUTION_OPTIONS}
      variableCount={variableCount}
      onToggle={(flag) => toggled.push(flag)}
      onFixedRange={() => undefined}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: /Options/ }));
  return toggled;
}

const singleAxisItem = () => screen.findByRole('menuitem', { name: /Single axis/ });

describe('EvolutionOptionsMenu', () => {
  it('says why single axis is disabled when the chart does not have two variables', async () => {
    const toggled = renderMenu(3);
    const item = await singleAxisItem();
    expect(item).toHaveAttribute('aria-disabled', 'true');
    fireEvent.mouseEnter(within(item).getByText('Single axis'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Single axis applies to exactly two variables; this chart has 3.',
    );
    fireEvent.click(item);
    expect(toggled).toEqual([]);
  });

  it('offers single axis without a reason with two variables', async () => {
    const toggled = renderMenu(2);
    const item = await singleAxisItem();
    expect(item).not.toHaveAttribute('aria-disabled', 'true');
    fireEvent.mouseEnter(within(item).getByText('Single axis'));
    fireEvent.click(item);
    await waitFor(() => expect(toggled).toEqual(['singleAxis']));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
