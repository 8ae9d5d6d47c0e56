import { Controller, Get, HttpCode, Inject, Optional, ServiceUnavailableException } from '@nestjs/common';
import { healthDtoSchema, readinessDtoSchema, type HealthDto, type ReadinessDto } from '@plantlens/contracts';
import { Public } from '../auth/auth.decorators';
import { Responds } from '../http/openapi/responds.decorator';
import { Database } from '../database/database';
import { READINESS_CHECKS, type ReadinessCheck } from './readiness';

const CHECK_TIMEOUT_MS = 3_000;

@Public()
@Controller('api')
export class HealthController {
  constructor(
    @Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[],
    @Optional() private readonly database?: Database,
  ) {}

  // Liveness: the process answers. Kubernetes restarts it when this fails.
  @Get('health')
  @HttpCode(200)
  @Responds(healthDtoSchema)
  health(): HealthDto {
    return { status: 'ok' };
  }

  // Readiness: the database and the broker answer. Kubernetes stops routing traffic while this fails.
  @Get('ready')
  @Responds(readinessDtoSchema)
  @Responds(readinessDtoSchema, { status: 503, description: 'a check is down' })
  async ready(): Promise<ReadinessDto> {
    const database = this.database;
    const checks: ReadinessCheck[] = database
      ? [{ name: 'database', check: () => database.ping() }, ...this.checks]
      : this.checks;
    const results = await Promise.all(
      checks.map(async ({ name, check }) => {
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          return { name, status: 'up' as const };
        } catch (error) {
          return {
            name,
            status: 'down' as const,
            reason: error instanceof Error ? error.message : String(error),
          };
        }
      }),
    );
    const body: ReadinessDto = {
      status: results.every((result) => result.status === 'up') ? 'ready' : 'not ready',
      checks: results,
    };
    if (body.status !== 'ready') throw new ServiceUnavailableException(body);
    return body;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
