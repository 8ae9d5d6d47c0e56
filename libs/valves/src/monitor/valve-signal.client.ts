import { Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AuthHeaders, MAX_MINIMAL_VARIABLE_IDS, type VariableMinimalDto } from '@plantlens/contracts';
import { AuthKeys, PLATFORM_CONFIG, serviceBaseUrl, type PlatformConfig } from '@plantlens/platform';

const TIMEOUT_MS = 10_000;

// Client references of variable ids, asked from the variables service with the service token (no
// service reads another's tables).
@Injectable()
export class ValveSignalClient {
  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly adapterHost: HttpAdapterHost,
    private readonly keys: AuthKeys,
  ) {}

  /** Client reference by id; ids the variables service does not know are left out. */
  async clientReferences(ids: number[]): Promise<Map<number, string>> {
    const base = serviceBaseUrl(this.config.VARIABLES_URL, this.adapterHost, 'VARIABLES_URL');
    const references = new Map<number, string>();
    for (let start = 0; start < ids.length; start += MAX_MINIMAL_VARIABLE_IDS) {
      const slice = ids.slice(start, start + MAX_MINIMAL_VARIABLE_IDS);
      const response = await fetch(`${base}/api/web/variable/minimal?ids=${slice.join(',')}`, {
        headers: { [AuthHeaders.serviceToken]: this.keys.serviceToken },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`the variables service answered HTTP ${response.status}`);
      for (const variable of (await response.json()) as VariableMinimalDto[]) {
        references.set(variable.id, variable.clientReference);
      }
    }
    return references;
  }
}
