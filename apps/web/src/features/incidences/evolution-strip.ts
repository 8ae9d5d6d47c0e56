import type { DayEvolutionDto } from '@plantlens/contracts';
import { gravityColour } from './gravity-scale';

// The 30-day strip of an incidence row (spec §9: one bar per day): each bar as tall as the day's share
// of activating evaluations, in the gravity colour of that share; a day without evaluations is a stub.
export interface StripBar {
  /** YYYY-MM-DD (UTC day) */
  day: string;
  /** 0–100 */
  heightPercent: number;
  colour: string;
  activations: number;
  evaluations: number;
}

// A day that was evaluated without activations still shows, thinner than a day that never was.
const EVALUATED_STUB_PERCENT = 6;
const NOT_EVALUATED_STUB_PERCENT = 3;
const NOT_EVALUATED_COLOUR = '#d9d9d9';

export function stripBars(days: readonly DayEvolutionDto[]): StripBar[] {
  return days.map(({ date: [year, month, day], ratio, activations, totalEvaluations }) => {
    const percent = Math.min(100, Math.max(0, ratio * 100));
    return {
      day: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      heightPercent:
        totalEvaluations === 0 ? NOT_EVALUATED_STUB_PERCENT : Math.max(EVALUATED_STUB_PERCENT, percent),
      colour: totalEvaluations === 0 ? NOT_EVALUATED_COLOUR : gravityColour(percent),
      activations,
      evaluations: totalEvaluations,
    };
  });
}
