import type { CsvFieldSeparator, CsvRowErrorReason } from '@plantlens/contracts';
import { LANGUAGE_TAGS, toLanguage } from '../../config/languages';

/** A point's time in the user's language and the browser's zone, to the second: "31/01/2026, 08:00:00". */
export function formatPointTime(epochMs: number, language: string): string {
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[toLanguage(language)], {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(epochMs);
}

// Text keys of the separators: the characters themselves cannot be keys ('.' splits i18next keys).
const SEPARATOR_KEYS = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '.': 'point' } as const;

export function separatorKey(separator: CsvFieldSeparator | '.'): (typeof SEPARATOR_KEYS)[typeof separator] {
  return SEPARATOR_KEYS[separator];
}

/** The reasons counted, most frequent first (then in the order of the contract's list). */
export function reasonsByCount(
  errorsByReason: Partial<Record<CsvRowErrorReason, number>>,
): { reason: CsvRowErrorReason; count: number }[] {
  return Object.entries(errorsByReason)
    .filter((entry): entry is [CsvRowErrorReason, number] => (entry[1] ?? 0) > 0)
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count);
}

/** A count with the user's grouping: "12,000", "12.000". */
export function formatCount(count: number, language: string): string {
  return count.toLocaleString(LANGUAGE_TAGS[toLanguage(language)]);
}
