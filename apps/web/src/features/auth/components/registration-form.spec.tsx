import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createI18n } from '../../../app/i18n';
import { makeStore } from '../../../app/store';
import type { Language } from '../../../config/languages';
import { TestApiServer, apiError } from '../../../testing/test-api-server';
import { RegistrationForm } from './registration-form';

const SIGNIN = '/api/auth/signin';

async function renderForm(language: Language) {
  const i18n = createI18n({ getItem: () => null, setItem: () => undefined });
  await i18n.changeLanguage(language);
  render(
    <Provider store={makeStore()}>
      <I18nextProvider i18n={i18n}>
        <RegistrationForm />
      </I18nextProvider>
    </Provider>,
  );
}

function send(email: string) {
  fireEvent.change(screen.getByLabelText(/E-?mail|Correo/), { target: { value: email } });
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.submit(screen.getByRole('checkbox').closest('form') as HTMLFormElement);
}

describe('RegistrationForm', () => {
  let server: TestApiServer;

  beforeEach(async () => {
    server = new TestApiServer();
    await server.start();
  });

  afterEach(() => server.stop());

  it('tells the user the next step once the request is sent: an administrator enables the account', async () => {
    server.answer('POST', SIGNIN, { json: { message: 'Welcome :)' } });
    await renderForm('en_GB');
    send('ana@plant.example');
    expect(
      await screen.findByText(
        'Your request has been sent. An administrator will enable your account and give you a password; you will be able to sign in then.',
      ),
    ).toBeInTheDocument();
    expect(server.requests('POST', SIGNIN).map(({ body }) => body)).toEqual([{ email: 'ana@plant.example' }]);
    expect(screen.getByRole('button', { name: 'Send request' })).toBeInTheDocument();
  });

  it('says so in Spanish', async () => {
    server.answer('POST', SIGNIN, { json: { message: 'Welcome :)' } });
    await renderForm('es_ES');
    send('ana@plant.example');
    expect(
      await screen.findByText(/^Su solicitud se ha enviado\. Un administrador activará su cuenta/),
    ).toBeInTheDocument();
  });

  it('says the request was not sent when the server refuses it', async () => {
    server.answer('POST', SIGNIN, apiError(500, 'Internal server error'));
    await renderForm('en_GB');
    send('ana@plant.example');
    expect(
      await screen.findByText('Your request could not be sent. Please try again later.'),
    ).toBeInTheDocument();
  });
});
