import { LANGUAGE_TAGS, toLanguage } from '../config/languages';

const UNITS = [
  { unit: 'gigabyte', bytes: 1_000_000_000 },
  { unit: 'megabyte', bytes: 1_000_000 },
  { unit: 'kilobyte', bytes: 1_000 },
  { unit: 'byte', bytes: 1 },
] as const;

/** A size in the largest unit that keeps it at 1 or more: "2.5 MB", "2,5 MB", "512 byte". */
export function formatSize(bytes: number, language: string): string {
  const { unit, bytes: per } = UNITS.find((candidate) => bytes >= candidate.bytes) ?? UNITS[3];
  return new Intl.NumberFormat(LANGUAGE_TAGS[toLanguage(language)], {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(bytes / per);
}
