import dayjs from 'dayjs';
import { LANGUAGE_TAGS, toLanguage } from '../../config/languages';

// Spec §9: incidence dates as DD/MM/YYYY HH:mm:ss in the browser's time zone.
export const INCIDENCE_DATE_FORMAT = 'DD/MM/YYYY HH:mm:ss';

export function formatIncidenceDate(epochMs: number): string {
  return dayjs(epochMs).format(INCIDENCE_DATE_FORMAT);
}

/** Gravity as a percentage with 2 decimals in the user's language (spec §9): "12,50 %", "12.50%". */
export function formatGravity(percent: number, language: string): string {
  return new Intl.NumberFormat(LANGUAGE_TAGS[toLanguage(language)], {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(percent / 100);
}
