// correlation-data as the page received it, in the spec's shape: the web asks the compact answer
// (format=columns, CorrelationColumnsDto), which the tests compare point by point like the default one.
import {
  correlationFromColumns,
  type CorrelationColumnsDto,
  type CorrelationDataDto,
} from '@plantlens/contracts';
import type { Response } from 'playwright-core';

export async function correlationAnswerOf(response: Response): Promise<CorrelationDataDto> {
  const answer = (await response.json()) as CorrelationDataDto | CorrelationColumnsDto;
  return 'ts' in answer ? correlationFromColumns(answer) : answer;
}
