import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import './aggregate-variable-menu-page';

jest.setTimeout(60_000);

describe('/aggregate-variable/menu (spec part 1 §2)', () => {
  it('shows a tile with icon and description for each kind, opening its list', async () => {
    await renderApp('/aggregate-variable/menu', {
      account: { username: 'luis', authorities: ['AGGREGATEVAR'] },
    });
    await screen.findByRole('heading', { name: 'Aggregate variables' });
    const tiles = [
      [
        'AggregateOperatedVariableList',
        'Constant or operated',
        'calculator',
        '/aggregate-variable/operated/list',
      ],
      ['AggregateGradualVariableList', 'Gradual', 'rise', '/aggregate-variable/gradual/list'],
      ['AggregateMetricalVariableList', 'Metrical', 'function', '/aggregate-variable/metrical/list'],
    ];
    for (const [route, title, icon, href] of tiles) {
      const tile = screen.getByTestId(`tile-${route}`);
      expect(tile).toHaveAttribute('href', href);
      expect(within(tile).getByText(title)).toBeInTheDocument();
      expect(within(tile).getByRole('img', { name: icon })).toBeInTheDocument();
    }
    expect(screen.getByText('The increment of a variable over a time gap')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/workspace');
  });

  it('keeps the menu from users without the AggregateVariable feature', async () => {
    const { router } = await renderApp('/aggregate-variable/menu', {
      account: { username: 'eva', authorities: ['EXPLORER'] },
    });
    await screen.findByRole('heading', { name: /Settings/ });
    expect(router.state.location.pathname).not.toBe('/aggregate-variable/menu');
  });
});
