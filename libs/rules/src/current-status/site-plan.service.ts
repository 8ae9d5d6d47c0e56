import {
  Injectable,
  NotFoundException,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import {
  SITE_PLAN_MAX_BYTES,
  SitePlanMessages,
  sitePlanImageType,
  type SitePlanCorners,
  type SitePlanDto,
} from '@plantlens/contracts';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { SitePlanRepository, type SitePlanImage } from './site-plan.repository';

// The site plan behind the current-status map: one PNG or JPEG, recognised by its first bytes.
@Injectable()
export class SitePlanService {
  constructor(private readonly plans: SitePlanRepository) {}

  describe(): Promise<SitePlanDto | null> {
    return this.plans.describe();
  }

  async image(): Promise<SitePlanImage> {
    const plan = await this.plans.image();
    if (!plan) throw new NotFoundException(SitePlanMessages.none);
    return plan;
  }

  async upload(body: Readable, declaredLength: number, corners: SitePlanCorners): Promise<SitePlanDto> {
    const image = await readCapped(body, declaredLength);
    const contentType = sitePlanImageType(image);
    if (!contentType) throw new UnsupportedMediaTypeException(SitePlanMessages.notAnImage);
    // The image's address carries its version, so a browser may keep it for good.
    const version = createHash('sha256').update(image).digest('hex').slice(0, 16);
    return this.plans.store({ image, contentType, version }, corners);
  }

  async place(corners: SitePlanCorners): Promise<SitePlanDto> {
    const plan = await this.plans.place(corners);
    if (!plan) throw new NotFoundException(SitePlanMessages.none);
    return plan;
  }

  remove(): Promise<void> {
    return this.plans.remove();
  }
}

// The whole body, refused past the limit: at once when the declared length says so, otherwise as soon as
// it is passed. The rest is read and dropped (not destroyed), so the client gets the answer rather than a
// reset connection.
function readCapped(body: Readable, declaredLength: number): Promise<Buffer> {
  const tooLarge = () => new PayloadTooLargeException(SitePlanMessages.tooLarge);
  if (declaredLength > SITE_PLAN_MAX_BYTES) {
    body.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let refused = false;
    body.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= SITE_PLAN_MAX_BYTES) chunks.push(chunk);
      else if (!refused) {
        refused = true;
        chunks.length = 0;
        reject(tooLarge());
      }
    });
    body.on('end', () => resolve(Buffer.concat(chunks)));
    body.on('error', reject);
  });
}
