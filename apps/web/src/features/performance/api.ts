import type { PerformanceDto } from '@plantlens/contracts';
import { api } from '../../lib/api';

// The performance back office's figures (GET /api/web/performance), polled by the page.
const performanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPerformance: build.query<PerformanceDto, void>({
      query: () => ({ url: 'web/performance' }),
    }),
  }),
});

export const { useGetPerformanceQuery } = performanceApi;
