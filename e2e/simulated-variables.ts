import type { TokenPairDto, VariableMinimalDto } from '@plantlens/contracts';
import { callApi } from './session';

const DECLARATION_TIMEOUT_MS = 30_000;

/**
 * The simulator's variables with these client references, in that order, once it has declared them
 * (it does so over HTTP right after start-up, so the first calls may find none).
 */
export async function simulatedVariables(
  appUrl: string,
  tokens: TokenPairDto,
  references: readonly string[],
): Promise<VariableMinimalDto[]> {
  const deadline = Date.now() + DECLARATION_TIMEOUT_MS;
  for (;;) {
    const variables = await callApi<VariableMinimalDto[]>(
      appUrl,
      tokens,
      'GET',
      '/api/web/explorer/variables',
    );
    const found = references.map((reference) =>
      variables.find((variable) => variable.clientReference === reference),
    );
    if (found.every((variable) => variable !== undefined)) return found as VariableMinimalDto[];
    if (Date.now() > deadline) {
      throw new Error(
        `the simulator did not declare ${references.join(', ')} within ${DECLARATION_TIMEOUT_MS / 1000} s`,
      );
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}
