import { Controller, Get, Inject, NotFoundException, Query, Res } from '@nestjs/common';
import {
  USER_MANUAL_FALLBACK_LANGUAGE,
  USER_MANUAL_LANGUAGES,
  UserManualMessages,
  userManualFileName,
  userManualQuerySchema,
  type UserManualLanguage,
  type UserManualQuery,
} from '@plantlens/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { PlatformConfig } from '../config/platform-config';
import { PLATFORM_CONFIG } from '../config/platform-config.module';
import { Responds } from '../http/openapi/responds.decorator';

interface ManualFile {
  path: string;
  name: string;
  size: number;
}

// GET (and HEAD, which Fastify derives from it) /api/web/user-manual: the PDF in the asked language, else in
// English; any signed-in user. The files are looked up at each request, so a rebuilt manual (the end-to-end
// test rebuilds it with screenshots) is served without a restart.
@Controller('api/web/user-manual')
export class UserManualController {
  private readonly directory: string;

  constructor(@Inject(PLATFORM_CONFIG) config: PlatformConfig) {
    this.directory = resolve(config.USER_MANUAL_DIR);
  }

  @Get()
  @Responds(z.string(), { contentType: 'application/pdf', description: 'the manual (PDF)' })
  async manual(
    @Query({ schema: userManualQuerySchema }) query: UserManualQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.manualFile(query.lang);
    if (!file) throw new NotFoundException(UserManualMessages.notBuilt);
    void reply
      .type('application/pdf')
      .header('content-length', file.size)
      .header('content-disposition', `inline; filename="${file.name}"`)
      .header('cache-control', 'no-cache')
      .send(createReadStream(file.path));
  }

  private async manualFile(language: string): Promise<ManualFile | undefined> {
    const asked = USER_MANUAL_LANGUAGES.find((manualLanguage) => manualLanguage === language);
    const candidates: UserManualLanguage[] = [
      asked ?? USER_MANUAL_FALLBACK_LANGUAGE,
      USER_MANUAL_FALLBACK_LANGUAGE,
    ];
    for (const candidate of candidates) {
      const name = userManualFileName(candidate);
      const path = join(this.directory, name);
      const size = await stat(path).then(
        (stats) => (stats.isFile() ? stats.size : 0),
        () => 0,
      );
      if (size > 0) return { path, name, size };
    }
    return undefined;
  }
}
