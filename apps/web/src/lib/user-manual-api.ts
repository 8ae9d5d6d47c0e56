import { api } from './api';

// GET /api/web/user-manual: the PDF, as an object URL for a new window; null when the file is empty.
const userManualApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserManual: build.query<string | null, void>({
      query: () => ({
        url: 'web/user-manual',
        responseHandler: async (response) => {
          const pdf = await response.blob();
          return pdf.size > 0 ? URL.createObjectURL(pdf) : null;
        },
      }),
    }),
  }),
});

export const { useLazyGetUserManualQuery } = userManualApi;
