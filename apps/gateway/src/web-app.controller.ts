import { Controller, Get, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { PLATFORM_CONFIG, Public, type PlatformConfig } from '@plantlens/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// The React app is a single page: every non-API path that is not a built file gets index.html,
// and the client router takes over. Built files themselves are served by @fastify/static (main.ts).
@ApiExcludeController()
@Public()
@Controller()
export class WebAppController {
  private readonly indexHtml: string | null;

  constructor(@Inject(PLATFORM_CONFIG) config: PlatformConfig) {
    const indexPath = join(resolve(config.WEB_ROOT), 'index.html');
    this.indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  }

  @Get('*')
  page(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    if (request.url.startsWith('/api/'))
      throw new NotFoundException(`No API route ${request.method} ${request.url.split('?')[0]}`);
    if (!this.indexHtml) {
      void reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does it).');
      return;
    }
    void reply.type('text/html').header('cache-control', 'no-cache').send(this.indexHtml);
  }
}
