import { screen } from '@testing-library/react';
import { renderWithI18n } from '../testing/render-with-i18n';
import { BrowserNotSupported } from './browser-not-supported';

describe('browser not supported notice (spec part 1 §8)', () => {
  it('suggests a supported browser and says what this one lacks', () => {
    renderWithI18n(<BrowserNotSupported missing={['ResizeObserver', 'Object.hasOwn (ES2022)']} />);
    expect(screen.getByText('Browser not supported')).toBeInTheDocument();
    expect(screen.getByText(/open it in an up-to-date Chrome, Edge, Firefox or Safari/)).toBeInTheDocument();
    expect(
      screen.getByText('This browser lacks: ResizeObserver, Object.hasOwn (ES2022)'),
    ).toBeInTheDocument();
  });
});
