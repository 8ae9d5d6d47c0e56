import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AuthHeaders, BEARER_PREFIX, RuleMessages, type VariableMinimalDto } from '@plantlens/contracts';
import { getServiceJson, PLATFORM_CONFIG, serviceBaseUrl, type PlatformConfig } from '@plantlens/platform';

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
      found.push(
        ...(await getServiceJson<VariableMinimalDto[]>(url, {
          service: 'variables',
          headers: { [AuthHeaders.authorization]: `${BEARER_PREFIX}${accessToken}` },
        })),
      );
    }
    return found;
  }

  /** The variables by id; a 400 naming the ids the variables service does not know. */
  async known(accessToken: string, ids: number[]): Promise<Map<number, VariableMinimalDto>> {
    const found = new Map((await this.minimal(accessToken, ids)).map((variable) => [variable.id, variable]));
    const unknown = ids.filter((id) => !found.has(id));
    if (unknown.length > 0)
      throw new BadRequestException(`${RuleMessages.unknownVariables}: ${unknown.join(', ')}`);
    return found;
  }
}
