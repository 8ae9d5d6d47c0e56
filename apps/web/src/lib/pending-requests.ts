import { api } from './api';

interface RequestState {
  status?: string;
}
type ApiState = { [api.reducerPath]: ReturnType<typeof api.reducer> };

// Whether any query or mutation of the API is waiting for the server.
export function selectHasPendingRequests(state: ApiState): boolean {
  const { queries, mutations } = state[api.reducerPath];
  const pending = (entry: RequestState | undefined) => entry?.status === 'pending';
  return Object.values(queries).some(pending) || Object.values(mutations).some(pending);
}
