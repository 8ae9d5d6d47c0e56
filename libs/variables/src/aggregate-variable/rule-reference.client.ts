import { BadGatewayException, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AuthHeaders, type RuleReferenceDto } from '@plantlens/contracts';
import { AuthKeys, PLATFORM_CONFIG, serviceBaseUrl, type PlatformConfig } from '@plantlens/platform';

const TIMEOUT_MS = 10_000;

// The rules that read given variables, asked from the rules service with the service token (the rules
// are theirs; no domain import). An unreachable or failing rules service is an error, never "no rules":
// a variable must not be deleted under a rule that reads it.
@Injectable()
export class RuleReferenceClient {
  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly keys: AuthKeys,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  async readersOf(variableIds: number[]): Promise<RuleReferenceDto[]> {
    const base = serviceBaseUrl(this.config.RULES_URL, this.adapterHost, 'RULES_URL');
    let response: Response;
    try {
      response = await fetch(`${base}/api/web/rule/by-variables?ids=${variableIds.join(',')}`, {
        headers: { [AuthHeaders.serviceToken]: this.keys.serviceToken },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ServiceUnavailableException(
        `The rules service is not reachable to check which rules read the variable (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    if (!response.ok)
      throw new BadGatewayException(
        `The rules service answered ${response.status} about the variable's rules`,
      );
    return (await response.json()) as RuleReferenceDto[];
  }
}
