import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { DateRange } from '../../../lib/date-ranges';
import { renderWithI18n } from '../../../testing/render-with-i18n';
import { ResetZoomButton, zoomedFrom } from './reset-zoom-button';

const before: DateRange = { startDate: 1_700_000_000_000, endDate: 1_700_086_400_000 };

function renderAt(state: unknown) {
  const resets: DateRange[] = [];
  renderWithI18n(
    <MemoryRouter initialEntries={[{ pathname: '/explorer-evolution', state }]}>
      <ResetZoomButton onReset={(range) => resets.push(range)} />
    </MemoryRouter>,
  );
  return resets;
}

describe('ResetZoomButton', () => {
  it('returns to the range shown before the first zoom', () => {
    const resets = renderAt({ zoomedFrom: before });
    fireEvent.click(screen.getByRole('button', { name: /Reset zoom/ }));
    expect(resets).toEqual([before]);
  });

  it('is not shown on a view that is no zoom (a pasted link, new dates)', () => {
    renderAt(null);
    expect(screen.queryByRole('button', { name: /Reset zoom/ })).not.toBeInTheDocument();
  });
});

describe('zoomedFrom', () => {
  it('reads the range a zoom started from, and nothing from another state', () => {
    expect(zoomedFrom({ zoomedFrom: before })).toEqual(before);
    expect(zoomedFrom({ zoomedFrom: { startDate: 'a' } })).toBeNull();
    expect(zoomedFrom(undefined)).toBeNull();
  });
});
