import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  OnModuleInit,
  Put,
  Query,
  Req,
  Res,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiConsumes } from '@nestjs/swagger';
import {
  SITE_PLAN_IMAGE_TYPES,
  SitePlanMessages,
  sitePlanCornersQuerySchema,
  sitePlanCornersSchema,
  sitePlanDtoSchema,
  sitePlanImageQuerySchema,
  sitePlanResponseDtoSchema,
  type SitePlanCorners,
  type SitePlanDto,
  type SitePlanResponseDto,
} from '@plantlens/contracts';
import { RequireFeature, Responds } from '@plantlens/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { SitePlanService } from './site-plan.service';

// The image is read by the handler, capped at SITE_PLAN_MAX_BYTES, whatever image type the request
// declares: its first bytes decide whether it is a PNG or a JPEG.
const IMAGE_CONTENT_TYPE = /^image\//;

// An address with the current version never changes content; the bare address is revalidated each time.
const CACHE_FOR_GOOD = 'private, max-age=31536000, immutable';
const REVALIDATE = 'private, no-cache';

// Beyond the spec: the plant background of the current-status map (contracts: SITE_PLAN_PATH).
@RequireFeature('Incidence')
@Controller('api/web/current-status-incidence/site-plan')
export class SitePlanController implements OnModuleInit {
  constructor(
    private readonly plans: SitePlanService,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addContentTypeParser(IMAGE_CONTENT_TYPE, (_request, payload, done) => done(null, payload));
  }

  @Get()
  @Responds(sitePlanResponseDtoSchema)
  async describe(): Promise<SitePlanResponseDto> {
    return { plan: await this.plans.describe() };
  }

  @Get('image')
  @Responds(z.string(), { contentType: 'image/png', description: 'the site plan (PNG or JPEG)' })
  async image(
    @Query({ schema: sitePlanImageQuerySchema }) query: z.infer<typeof sitePlanImageQuerySchema>,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const plan = await this.plans.image();
    const etag = `"${plan.version}"`;
    void reply
      .header('etag', etag)
      .header('cache-control', query.v === plan.version ? CACHE_FOR_GOOD : REVALIDATE)
      .header('x-content-type-options', 'nosniff');
    if (ifNoneMatch === etag) {
      void reply.code(304).send();
      return;
    }
    void reply.type(plan.contentType).send(Buffer.from(plan.image));
  }

  @Put('image')
  @RequireFeature('Admin')
  @Responds(sitePlanDtoSchema)
  @ApiConsumes(...SITE_PLAN_IMAGE_TYPES)
  async upload(
    @Query({ schema: sitePlanCornersQuerySchema }) corners: SitePlanCorners,
    @Req() request: FastifyRequest,
  ): Promise<SitePlanDto> {
    if (!(request.body instanceof Readable))
      throw new UnsupportedMediaTypeException(SitePlanMessages.notAnImage);
    return this.plans.upload(request.body, Number(request.headers['content-length'] ?? 0), corners);
  }

  @Put('corners')
  @RequireFeature('Admin')
  @Responds(sitePlanDtoSchema)
  async place(@Body({ schema: sitePlanCornersSchema }) corners: SitePlanCorners): Promise<SitePlanDto> {
    return this.plans.place(corners);
  }

  @Delete()
  @HttpCode(204)
  @RequireFeature('Admin')
  @Responds(null, { status: 204 })
  async remove(): Promise<void> {
    await this.plans.remove();
  }
}
