import { correlationTileRoute } from './explore-tiles';

describe('correlationTileRoute', () => {
  it.each([['EXPLORERCORRELATIONBENCHMARK'], ['ROLE_PLANTLENS'], ['ROLE_SUPERADMIN']])(
    'opens the correlation menu for a holder of %s',
    (authority) => {
      expect(correlationTileRoute(['EXPLORER', authority])).toBe('ExplorerCorrelationMenu');
    },
  );

  it('opens the simple correlation for anyone else, administrators included', () => {
    expect(correlationTileRoute(['EXPLORER'])).toBe('ExplorerCorrelationVariables');
    expect(correlationTileRoute(['ROLE_ADMIN'])).toBe('ExplorerCorrelationVariables');
    expect(correlationTileRoute([])).toBe('ExplorerCorrelationVariables');
  });
});
