import dayjs from 'dayjs';
import { LANGUAGE_TAGS, toLanguage } from '../../config/languages';

// Spec part 2 §9: values at 2 decimals with a trailing .00 dropped (12.5 → "12.50", 12 → "12").
export function formatValveValue(value: number): string {
  const fixed = (Math.round(value * 100) / 100).toFixed(2);
  const text = fixed.endsWith('.00') ? fixed.slice(0, -3) : fixed;
  return text === '-0' ? '0' : text;
}

// Spec §9: incidence dates DD/MM/YYYY HH:mm:ss, in the browser's time zone.
export function formatErrorTime(epochSeconds: number): string {
  return dayjs.unix(epochSeconds).format('DD/MM/YYYY HH:mm:ss');
}

export function toUtcIso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

// The "last update" of the current status: a long date and time in the user's language (spec §2).
export function formatLastUpdate(epochSeconds: number | null | undefined, language: string): string {
  if (!epochSeconds) return '-';
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[toLanguage(language)], {
    dateStyle: 'long',
    timeStyle: 'medium',
  }).format(epochSeconds * 1000);
}
