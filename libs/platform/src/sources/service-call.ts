import { AuthHeaders } from '@plantlens/contracts';

/**
 * A data source's JSON call to another service with the service token; throws with the status and the
 * answer's text unless it is 2xx.
 */
export async function callWithServiceToken(
  url: string,
  method: 'POST' | 'PUT',
  serviceToken: string,
  body: unknown,
): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', [AuthHeaders.serviceToken]: serviceToken },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}: ${await response.text()}`);
  return response;
}
