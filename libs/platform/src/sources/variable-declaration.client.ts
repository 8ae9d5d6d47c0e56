import { Inject, Injectable } from '@nestjs/common';
import type { RawVariableDeclaration, RawVariableDeclareResponseDto } from '@plantlens/contracts';
import { AuthKeys } from '../auth/auth-keys';
import type { PlatformConfig } from '../config/platform-config';
import { PLATFORM_CONFIG } from '../config/platform-config.module';
import { callWithServiceToken } from './service-call';

// The most declarations one request may carry (rawVariableDeclareDtoSchema).
const DECLARATIONS_PER_REQUEST = 10_000;

// How data sources (simulator, connectors) learn the ids of their variables: they ask the variables
// service over HTTP with the service token, like any other client, since no service reads another's tables.
@Injectable()
export class VariableDeclarationClient {
  private readonly url: string;

  constructor(
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
    private readonly keys: AuthKeys,
  ) {
    // Standalone: the variables module is hosted by this very process.
    this.url = `${config.VARIABLES_URL ?? `http://127.0.0.1:${config.PORT}`}/api/web/variable/raw/declare`;
  }

  /**
   * The ids of the given client references. With createMissing the variables that do not exist yet are
   * created; without it they are left out of the answer.
   */
  async declare(
    variables: RawVariableDeclaration[],
    { createMissing = true }: { createMissing?: boolean } = {},
  ): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (let start = 0; start < variables.length; start += DECLARATIONS_PER_REQUEST) {
      const response = await callWithServiceToken(this.url, 'POST', this.keys.serviceToken, {
        variables: variables.slice(start, start + DECLARATIONS_PER_REQUEST),
        createMissing,
      });
      const body = (await response.json()) as RawVariableDeclareResponseDto;
      for (const variable of body.variables) ids.set(variable.clientReference, variable.id);
    }
    return ids;
  }

  /** where declarations go, for log messages */
  get endpoint(): string {
    return this.url;
  }
}
