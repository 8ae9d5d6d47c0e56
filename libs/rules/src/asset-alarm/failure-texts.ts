import type { ValveFailureCode } from '@plantlens/contracts';

// The failure texts of spec part 2 §9, in English. The valve screens show their own translations
// (ampo.incidenceReview.failure.{code}); a source's name is stored text like any rule name — written once,
// renamable by an administrator — so it is not translated.
const FAILURE_TEXTS: Record<Exclude<ValveFailureCode, 0>, string> = {
  1: 'high torque when unseating',
  2: 'sustained high torque',
  3: 'high torque at the switching point',
  4: 'high torque when running',
  101: 'low steam pressure',
};

/** `2 sustained high torque`; a code the spec does not name is an `unknown failure`. */
export function failureText(errorCode: number): string {
  return `${errorCode} ${FAILURE_TEXTS[errorCode as keyof typeof FAILURE_TEXTS] ?? 'unknown failure'}`;
}

/** The name a new asset-alarm source gets: `gate01 · 2 sustained high torque`. */
export function assetAlarmSourceName(asset: string, errorCode: number): string {
  return `${asset} · ${failureText(errorCode)}`;
}
