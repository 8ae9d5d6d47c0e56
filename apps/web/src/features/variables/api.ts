import type { RawVariableDto, RawVariableUpdateDto } from '@plantlens/contracts';
import { api } from '../../lib/api';

// Spec part 1 §7 "GET, PUT /api/web/raw-variables/": the raw variable editor.
const rawVariablesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRawVariable: build.query<RawVariableDto, number>({
      query: (id) => ({ url: 'web/raw-variables/', params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'RawVariable', id }],
    }),
    updateRawVariable: build.mutation<RawVariableDto, RawVariableUpdateDto>({
      query: (body) => ({ url: 'web/raw-variables/', method: 'PUT', body }),
      // Name, unit, tags and category show in the pickers, tables and groups.
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'RawVariable', id },
        { type: 'Variable', id },
        { type: 'Variable', id: 'LIST' },
        { type: 'CategoryGroup', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetRawVariableQuery, useUpdateRawVariableMutation } = rawVariablesApi;
