import type { Language } from '../config/languages';
import { api } from './api';

const URL_PATH = 'web/user-manual';

// GET /api/web/user-manual?lang= (spec part 1 §7): the PDF in the user's language (the server falls back to
// English). HEAD tells whether one was built (200; 404 when none or an empty one), so Help shows only then.
const userManualApi = api.injectEndpoints({
  endpoints: (build) => ({
    isUserManualAvailable: build.query<boolean, Language>({
      query: (lang) => ({
        url: URL_PATH,
        method: 'HEAD',
        params: { lang },
        // A HEAD answer has no body to parse; an error status never reaches `data`.
        responseHandler: () => Promise.resolve(true),
      }),
    }),
    // The PDF as an object URL for a new window; null when the file is empty.
    getUserManual: build.query<string | null, Language>({
      query: (lang) => ({
        url: URL_PATH,
        params: { lang },
        responseHandler: async (response) => {
          const pdf = await response.blob();
          return pdf.size > 0 ? URL.createObjectURL(pdf) : null;
        },
      }),
    }),
  }),
});

export const { useIsUserManualAvailableQuery, useLazyGetUserManualQuery } = userManualApi;
