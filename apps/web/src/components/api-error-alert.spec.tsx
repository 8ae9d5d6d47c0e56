import { screen } from '@testing-library/react';
import type { ApiErrorDto } from '@plantlens/contracts';
import { renderWithI18n } from '../testing/render-with-i18n';
import { ApiErrorAlert } from './api-error-alert';

const busDown: ApiErrorDto = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'The message bus did not take the file’s points (Connection error).',
};

describe('ApiErrorAlert', () => {
  it('leads in Spanish with what the failure means, and keeps the server’s English words as the detail', () => {
    renderWithI18n(
      <ApiErrorAlert title="No se pudo cargar" error={{ status: 503, data: busDown }} />,
      'es_ES',
    );
    expect(screen.getByText('No se pudo cargar')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Una parte de Plantlens no está disponible ahora mismo. Inténtalo en unos minutos; si continúa, avisa a IT.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Detalle del servidor (en inglés):')).toBeInTheDocument();
    expect(screen.getByText(busDown.message)).toBeInTheDocument();
  });

  it('says the server could not be reached, with no detail, when no answer came', () => {
    renderWithI18n(
      <ApiErrorAlert
        title="Could not load"
        error={{ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }}
      />,
    );
    expect(
      screen.getByText('Plantlens could not be reached. Check the connection and try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Detail from the server:')).not.toBeInTheDocument();
  });
});
