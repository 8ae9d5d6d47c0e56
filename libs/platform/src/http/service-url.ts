import { ServiceUnavailableException } from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';
import type { AddressInfo } from 'node:net';

/**
 * Where another service answers: its configured URL in a cluster, or this very process when unset
 * (standalone, where the gateway hosts every module; a test's ephemeral port included).
 */
export function serviceBaseUrl(
  configuredUrl: string | undefined,
  adapterHost: HttpAdapterHost,
  variableName: string,
): string {
  if (configuredUrl) return configuredUrl.replace(/\/$/, '');
  const address = adapterHost.httpAdapter?.getHttpServer()?.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') {
    throw new ServiceUnavailableException(
      `${variableName} is not set and this process is not listening on TCP`,
    );
  }
  const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
  return `http://${address.family === 'IPv6' && host !== '127.0.0.1' ? `[${host}]` : host}:${address.port}`;
}
