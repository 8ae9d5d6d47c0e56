// GET /api/web/user-manual through the gateway in cluster mode, where the gateway answers it itself (the
// standalone composition is in the authorization table): the PDF in the asked language, English for a
// language without a manual, 404 when none was built, 400 for a malformed language, 401 signed out.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthHeaders, UserManualMessages, type TokenPairDto } from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startClusterGateway, type ClusterGateway } from './cluster-gateway';

// Stand-ins for the built PDFs: the gateway sends the files' bytes as they are.
const SPANISH = '%PDF-1.7 manual de usuario';
const ENGLISH = '%PDF-1.7 user manual, a little longer';

describe('GET /api/web/user-manual', () => {
  const manualDir = mkdtempSync(join(tmpdir(), 'plantlens-manual-'));
  let cluster: ClusterGateway;
  let gateway: NestFastifyApplication;
  let accessToken: string;
  const get = (query: Record<string, string> = {}) =>
    request(gateway.getHttpServer())
      .get('/api/web/user-manual')
      .query(query)
      .set(AuthHeaders.authorization, `Bearer ${accessToken}`)
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.setEncoding('latin1');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => done(null, text));
      });

  beforeAll(async () => {
    cluster = await startClusterGateway([IdentityModule], 'manual1', { USER_MANUAL_DIR: manualDir });
    gateway = cluster.gateway;
    const signIn = await request(gateway.getHttpServer())
      .post('/api/auth/login')
      .send({ username: 'admin', password: 'manual1' })
      .expect(200);
    accessToken = (signIn.body as TokenPairDto).accessToken;
  });

  afterAll(async () => {
    await cluster?.close();
    rmSync(manualDir, { recursive: true, force: true });
  });

  it('answers 404 with a clear message while no manual was built', async () => {
    const response = await get();
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body as string)).toMatchObject({ message: UserManualMessages.notBuilt });
  });

  describe('once built', () => {
    beforeAll(() => {
      writeFileSync(join(manualDir, 'user-manual-es_ES.pdf'), SPANISH, 'latin1');
      writeFileSync(join(manualDir, 'user-manual-en_GB.pdf'), ENGLISH, 'latin1');
    });

    it('serves the Spanish manual by default, inline, as application/pdf', async () => {
      const response = await get().expect(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe('inline; filename="user-manual-es_ES.pdf"');
      expect(response.body).toBe(SPANISH);
    });

    it('serves the asked language, and English for a language without a manual', async () => {
      expect((await get({ lang: 'en_GB' }).expect(200)).body).toBe(ENGLISH);
      expect((await get({ lang: 'es_ES' }).expect(200)).body).toBe(SPANISH);
      expect((await get({ lang: 'de_DE' }).expect(200)).body).toBe(ENGLISH);
    });

    it('answers HEAD with the size and no body, which the web app asks before showing Help', async () => {
      const response = await request(gateway.getHttpServer())
        .head('/api/web/user-manual')
        .query({ lang: 'en_GB' })
        .set(AuthHeaders.authorization, `Bearer ${accessToken}`)
        .expect(200);
      expect(response.headers['content-length']).toBe(String(ENGLISH.length));
      expect(response.headers['content-type']).toBe('application/pdf');
    });

    it('names the parameter of a malformed language', async () => {
      const response = await get({ lang: 'english' }).expect(400);
      expect(JSON.parse(response.body as string)).toMatchObject({
        message: 'lang: must be a locale such as es_ES or en_GB',
      });
    });

    it('is for signed-in users only', async () => {
      await request(gateway.getHttpServer()).get('/api/web/user-manual').expect(401);
      await request(gateway.getHttpServer()).head('/api/web/user-manual').expect(401);
    });
  });
});
