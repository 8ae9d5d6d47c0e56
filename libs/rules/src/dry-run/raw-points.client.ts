import { Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AuthHeaders, BEARER_PREFIX, type RawPointsPageDto } from '@plantlens/contracts';
import { getServiceJson, PLATFORM_CONFIG, serviceBaseUrl, type PlatformConfig } from '@plantlens/platform';
import type { PointPageReader } from './history-points';

// A page of 100 000 points is a few megabytes of JSON: more time than the catalogue's small answers.
const PAGE_TIMEOUT_MS = 60_000;

export interface RawPointsPageRequest {
  variableId: number;
  from: number;
  to: number;
  after: number | undefined;
  limit: number;
}

// Stored raw points, read from the variables service's explorer with the user's own token: he reads only
// what the explorer lets him read.
@Injectable()
export class RawPointsClient {
  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  page(
    accessToken: string,
    { variableId, from, to, after, limit }: RawPointsPageRequest,
  ): Promise<RawPointsPageDto> {
    const base = serviceBaseUrl(this.config.VARIABLES_URL, this.adapterHost, 'VARIABLES_URL');
    const query = new URLSearchParams({
      variableId: String(variableId),
      from: String(from),
      to: String(to),
      limit: String(limit),
      ...(after === undefined ? {} : { after: String(after) }),
    });
    return getServiceJson<RawPointsPageDto>(`${base}/api/web/explorer/raw-points?${query}`, {
      service: 'variables',
      headers: { [AuthHeaders.authorization]: `${BEARER_PREFIX}${accessToken}` },
      timeoutMs: PAGE_TIMEOUT_MS,
    });
  }

  /** The pages of any variable over [from, to], read with the user's token. */
  reader(accessToken: string, from: number, to: number): PointPageReader {
    return (variableId, after, limit) => this.page(accessToken, { variableId, from, to, after, limit });
  }
}
