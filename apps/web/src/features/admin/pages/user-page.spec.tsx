import type { UserDto } from '@plantlens/contracts';
import { UserMessages } from '@plantlens/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fieldMessage, fillField } from '../../../testing/form-fields';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer, apiError } from '../../../testing/test-api-server';

const admin = { username: 'admin', authorities: ['ROLE_ADMIN'] };
const directory = { auth: { directorySignIn: true } };

const ana: UserDto = {
  id: 7,
  name: 'ana',
  email: 'ana@plant.example',
  admin: false,
  enabled: true,
  superAdmin: false,
  groupIds: [],
};
const save = () => fireEvent.click(screen.getByText('Save'));

describe('user form', () => {
  let server: TestApiServer;

  beforeEach(async () => {
    server = new TestApiServer()
      .answer('GET', '/api/web/user/', { json: [ana] })
      .answer('GET', '/api/web/group/', { json: [{ id: 1, name: 'root', parentId: null }] });
    await server.start();
  });

  afterEach(() => server.stop());

  describe('with username and password sign-in', () => {
    it.each([
      [409, UserMessages.userExists, 'Name', 'User already exists'],
      [
        412,
        UserMessages.nameFormat,
        'Name',
        'Incorrect format: lower-case letters, digits, dot, hyphen and underscore only, no spaces',
      ],
      [
        428,
        UserMessages.passwordRule,
        'Password',
        'The password must have at least 6 characters with a letter and a digit',
      ],
    ])('shows a %i answer (%s) to a new user under its field', async (status, serverMessage, field, text) => {
      server.answer('POST', '/api/web/user/', apiError(status, serverMessage));
      await renderApp('/user', { account: admin });
      await screen.findByText('New user');
      fillField('Name', 'luis');
      fillField('Password', 'abc123');
      fillField('Repeat password', 'abc123');
      save();

      await screen.findByText('An error occurred creating the user luis');
      await waitFor(() => expect(fieldMessage(field)).toBe(text));
      expect(server.requests('POST', '/api/web/user/').map(({ body }) => body)).toEqual([
        {
          name: 'luis',
          email: null,
          admin: false,
          enabled: true,
          groupIds: [],
          password: 'abc123',
          repeat: 'abc123',
        },
      ]);
    });
  });

  describe('with directory sign-in', () => {
    it('creates a user by directory id, without password, through /api/auth/azuread/user/', async () => {
      server.answer('POST', '/api/auth/azuread/user/', ({ body }) => ({
        status: 201,
        json: { ...ana, id: 8, ...(body as object) },
      }));
      const { router } = await renderApp('/user', { account: admin, settings: directory });
      await screen.findByText('New user');
      expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
      fillField('Name', 'luis');
      fillField('Email', 'luis@plant.example');
      fillField('Active Directory ID', ' oid-luis ');
      save();

      await screen.findByText('User luis@plant.example created successfully');
      await waitFor(() => expect(router.state.location.pathname).toBe('/user/list'));
      expect(server.requests('POST', '/api/auth/azuread/user/').map(({ body }) => body)).toEqual([
        {
          name: 'luis',
          email: 'luis@plant.example',
          admin: false,
          enabled: true,
          groupIds: [],
          directoryId: 'oid-luis',
        },
      ]);
      expect(server.requests('POST', '/api/web/user/')).toHaveLength(0);
    });

    it('requires the e-mail and the directory id', async () => {
      await renderApp('/user', { account: admin, settings: directory });
      await screen.findByText('New user');
      fillField('Name', 'luis');
      save();

      // antd settles each field's validation on its own tick: wait for both messages together.
      await waitFor(() =>
        expect([fieldMessage('Email'), fieldMessage('Active Directory ID')]).toEqual([
          'Required field',
          'Required field',
        ]),
      );
      expect(server.received.filter(({ method }) => !['GET', 'HEAD'].includes(method))).toEqual([]);
    });

    it('edits the directory id read from the server and shows one already in use', async () => {
      server
        .answer('GET', '/api/auth/azuread/user/', ({ query }) =>
          query.userId === '7' ? { text: 'oid-ana' } : apiError(404, UserMessages.userNotFound),
        )
        .answer('PUT', '/api/auth/azuread/user/', apiError(409, UserMessages.directoryIdInUse));
      await renderApp('/user?id=7', { account: admin, settings: directory });
      await screen.findByText('Edit user ana@plant.example');
      expect(screen.getByLabelText('Active Directory ID')).toHaveValue('oid-ana');
      fillField('Active Directory ID', 'oid-luis');
      save();

      await screen.findByText('An error occurred updating the user ana@plant.example');
      await waitFor(() =>
        expect(fieldMessage('Active Directory ID')).toBe('Active Directory ID is already in use'),
      );
      expect(server.requests('PUT', '/api/auth/azuread/user/').map(({ body }) => body)).toEqual([
        {
          id: 7,
          name: 'ana',
          email: 'ana@plant.example',
          admin: false,
          enabled: true,
          groupIds: [],
          directoryId: 'oid-luis',
        },
      ]);
    });
  });
});
