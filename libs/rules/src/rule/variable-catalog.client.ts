import {
  BadGatewayException,
  HttpException,
  Inject,
  Injectable,
  ServiceUnavailableException,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AuthHeaders, BEARER_PREFIX, type VariableMinimalDto } from '@plantlens/contracts';
import { PLATFORM_CONFIG, serviceBaseUrl, type PlatformConfig } from '@plantlens/platform';

const TIMEOUT_MS = 10_000;
const IDS_PER_REQUEST = 500;

// Names and client references of variables, asked from the variables service with the user's own token
// (he must be allowed to pick variables, which the Incidence feature is).
@Injectable()
export class VariableCatalogClient {
  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  async minimal(accessToken: string, ids: number[]): Promise<VariableMinimalDto[]> {
    const found: VariableMinimalDto[] = [];
    const base = serviceBaseUrl(this.config.VARIABLES_URL, this.adapterHost, 'VARIABLES_URL');
    for (let start = 0; start < ids.length; start += IDS_PER_REQUEST) {
      const url = `${base}/api/web/variable/minimal?ids=${ids.slice(start, start + IDS_PER_REQUEST).join(',')}`;
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { [AuthHeaders.authorization]: `${BEARER_PREFIX}${accessToken}` },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new ServiceUnavailableException(
          `The variables service is not reachable (${error instanceof Error ? error.message : String(error)})`,
        );
      }
      if (response.status === 401 || response.status === 403) {
        throw new HttpException(await response.json().catch(() => response.statusText), response.status);
      }
      if (!response.ok) throw new BadGatewayException(`Variables service answered ${response.status}`);
      found.push(...((await response.json()) as VariableMinimalDto[]));
    }
    return found;
  }
}
