import { BadGatewayException, HttpException, ServiceUnavailableException } from '@nestjs/common';

export interface ServiceJsonRequest {
  /** the other service's name in error messages, e.g. "variables" */
  service: string;
  headers: Record<string, string>;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * GET of another service's JSON answer. An unreachable service is a 503 and any failure a 502, except
 * 401 and 403, passed on as they are: with the user's own token they say what he may not read.
 */
export async function getServiceJson<T>(
  url: string,
  { service, headers, timeoutMs = DEFAULT_TIMEOUT_MS }: ServiceJsonRequest,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ServiceUnavailableException(
      `The ${service} service is not reachable (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (response.status === 401 || response.status === 403) {
    throw new HttpException(await response.json().catch(() => response.statusText), response.status);
  }
  if (!response.ok) {
    const capitalised = service.charAt(0).toUpperCase() + service.slice(1);
    throw new BadGatewayException(`${capitalised} service answered ${response.status}`);
  }
  return (await response.json()) as T;
}
