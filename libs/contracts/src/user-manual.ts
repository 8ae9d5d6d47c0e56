import { z } from 'zod';

// GET /api/web/user-manual (spec part 1 §7): the PDF built from docs/manual/ (docs/manual/README.md).
export const USER_MANUAL_LANGUAGES = ['es_ES', 'en_GB'] as const;
export type UserManualLanguage = (typeof USER_MANUAL_LANGUAGES)[number];
/** served when the asked language has no manual of its own (it_IT, de_DE) */
export const USER_MANUAL_FALLBACK_LANGUAGE: UserManualLanguage = 'en_GB';

export const UserManualMessages = {
  notBuilt: 'No user manual was built: run `npm run build` (the gateway build writes it)',
} as const;

export function userManualFileName(language: UserManualLanguage): string {
  return `user-manual-${language}.pdf`;
}

export const userManualQuerySchema = z.object({
  lang: z
    .string()
    .regex(/^[a-z]{2}_[A-Z]{2}$/, 'must be a locale such as es_ES or en_GB')
    .default('es_ES'),
});
export type UserManualQuery = z.infer<typeof userManualQuerySchema>;
