// The site plan behind the current-status map over real HTTP (standalone: identity and rules in one
// process): an administrator uploads a PNG or JPEG placed by two corners, Incidence users read it.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  SITE_PLAN_MAX_BYTES,
  SitePlanMessages,
  type SitePlanDto,
  type SitePlanResponseDto,
} from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import { RulesModule } from '@plantlens/rules';
import { deflateSync } from 'node:zlib';
import { apiClient, signIn, type ApiClient } from './api-client';
import { createMember, startTestApp, TEST_SUPERADMIN_PASSWORD } from './test-app';

const PLAN = '/api/web/current-status-incidence/site-plan';
const CORNERS = { topLeftLat: 41.125, topLeftLng: 1.18, bottomRightLat: 41.115, bottomRightLng: 1.2 };

// A real 1×1 PNG (signature, IHDR, IDAT, IEND), so the bytes served are an image a browser draws.
function onePixelPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 200, 220, 230]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (crc & 1 ? 0xedb88320 : 0);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('site plan of the current-status map', () => {
  let app: NestFastifyApplication;
  let admin: ApiClient;
  let viewer: ApiClient;

  beforeAll(async () => {
    app = await startTestApp('site-plan-test', [IdentityModule, RulesModule]);
    admin = apiClient(app, await signIn(app, 'admin', TEST_SUPERADMIN_PASSWORD));
    viewer = (await createMember(app, admin, 'viewer', { flags: { incidence: true } })).client;
  });

  afterAll(() => app?.close());

  const upload = (client: ApiClient, body: Buffer, type = 'image/png', corners: object = CORNERS) =>
    client.put(`${PLAN}/image`).query(corners).set('Content-Type', type).send(body);

  it('stores an uploaded PNG with its corners and serves it with its type and cache headers', async () => {
    expect((await viewer.get(PLAN).expect(200)).body).toEqual({ plan: null });
    await viewer.get(`${PLAN}/image`).expect(404);

    const png = onePixelPng();
    const stored = (await upload(admin, png).expect(200)).body as SitePlanDto;
    expect(stored).toMatchObject({ contentType: 'image/png', bytes: png.length, corners: CORNERS });
    expect((await viewer.get(PLAN).expect(200)).body as SitePlanResponseDto).toEqual({ plan: stored });

    // Its versioned address is cached for good; the bare one is revalidated, and answers 304 when unchanged.
    const image = await viewer.get(`${PLAN}/image`).query({ v: stored.version }).buffer(true).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(image.body as Buffer, png)).toBe(0);
    const bare = await viewer.get(`${PLAN}/image`).expect(200);
    expect(bare.headers['cache-control']).toBe('private, no-cache');
    await viewer
      .get(`${PLAN}/image`)
      .set('If-None-Match', bare.headers.etag as string)
      .expect(304);

    // The corners move without a new upload; a JPEG replaces the PNG (its type from its bytes) with its corners.
    const moved = { ...CORNERS, bottomRightLng: 1.21 };
    await admin.put(`${PLAN}/corners`).send(moved).expect(200);
    expect(((await viewer.get(PLAN).expect(200)).body as SitePlanResponseDto).plan).toMatchObject({
      version: stored.version,
      corners: moved,
    });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
    const replaced = (await upload(admin, jpeg, 'image/png').expect(200)).body as SitePlanDto;
    expect(replaced).toMatchObject({ contentType: 'image/jpeg', corners: CORNERS });
    expect(replaced.version).not.toBe(stored.version);

    await admin.delete(PLAN).expect(204);
    expect((await viewer.get(PLAN).expect(200)).body).toEqual({ plan: null });
    await admin.put(`${PLAN}/corners`).send(CORNERS).expect(404);
  });

  it('refuses what is not a PNG or JPEG, whatever type the request declares', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    const refused = await upload(admin, gif, 'image/png').expect(415);
    expect(refused.body.message).toBe(SitePlanMessages.notAnImage);
    await upload(admin, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml').expect(
      415,
    );
    await upload(admin, Buffer.from('a;b\n1;2\n'), 'text/csv').expect(415);
    expect((await viewer.get(PLAN).expect(200)).body).toEqual({ plan: null });
  });

  it('refuses a file over the size limit', async () => {
    const huge = Buffer.concat([onePixelPng(), Buffer.alloc(SITE_PLAN_MAX_BYTES)]);
    const refused = await upload(admin, huge).expect(413);
    expect(refused.body.message).toBe(SitePlanMessages.tooLarge);
    expect((await viewer.get(PLAN).expect(200)).body).toEqual({ plan: null });
  });

  it('refuses corners that are out of range or the wrong way round', async () => {
    const png = onePixelPng();
    await upload(admin, png, 'image/png', { ...CORNERS, topLeftLat: 91 }).expect(400);
    const crossed = await upload(admin, png, 'image/png', {
      ...CORNERS,
      topLeftLat: CORNERS.bottomRightLat,
      bottomRightLat: CORNERS.topLeftLat,
    }).expect(400);
    expect(JSON.stringify(crossed.body)).toContain(SitePlanMessages.corners);
    await upload(admin, png, 'image/png', { topLeftLat: 41 }).expect(400);
    // Plain decimals only: an empty value is not 0, nor an exponent a number.
    const notDecimal = await upload(admin, png, 'image/png', {
      ...CORNERS,
      topLeftLat: '',
      topLeftLng: '1e0',
    });
    expect(notDecimal.status).toBe(400);
    expect(JSON.stringify(notDecimal.body)).toContain('must be a decimal number between -90 and 90');
  });

  it('leaves the plan to administrators: an Incidence user reads it and may not change it', async () => {
    await upload(viewer, onePixelPng()).expect(403);
    await viewer.put(`${PLAN}/corners`).send(CORNERS).expect(403);
    await viewer.delete(PLAN).expect(403);
    const outsider = (await createMember(app, admin, 'outsider', { flags: {} })).client;
    await outsider.get(PLAN).expect(403);
    await outsider.get(`${PLAN}/image`).expect(403);
  });
});
