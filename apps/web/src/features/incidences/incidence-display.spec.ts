import type { DayEvolutionDto, IncidenceSummaryV1Dto, IncidenceSummaryV2Dto } from '@plantlens/contracts';
import { stripBars } from './evolution-strip';
import { gravityColour } from './gravity-scale';
import { closedIncidencesRequest, defaultHistoricRange, resolvedAt } from './historic-range';
import { showsOrigin, summaryGeneration } from './incidence-access';
import { formatLongDate } from '../../lib/long-date';
import { formatGravity, formatIncidenceDate } from './incidence-format';
import { v1Row, v2Row } from './incidence-rows';

const day = (
  date: DayEvolutionDto['date'],
  activations: number,
  totalEvaluations: number,
): DayEvolutionDto => ({
  date,
  ratio: totalEvaluations > 0 ? activations / totalEvaluations : 0,
  activations,
  totalEvaluations,
});

describe('incidence display', () => {
  it('colours gravity from green through amber to red, clamped to 0–100 %', () => {
    expect(gravityColour(0)).toBe('rgb(82, 196, 26)');
    expect(gravityColour(50)).toBe('rgb(250, 173, 20)');
    expect(gravityColour(100)).toBe('rgb(245, 34, 45)');
    expect(gravityColour(25)).toBe('rgb(166, 185, 23)');
    expect(gravityColour(-5)).toBe(gravityColour(0));
    expect(gravityColour(250)).toBe(gravityColour(100));
  });

  it('shows gravity as a percentage with 2 decimals in the user language', () => {
    expect(formatGravity(12.5, 'en_GB')).toBe('12.50%');
    expect(formatGravity(12.5, 'es_ES')).toBe('12,50\u00a0%');
  });

  it('writes incidence dates as DD/MM/YYYY HH:mm:ss and creation dates long', () => {
    const local = new Date(2026, 2, 7, 9, 5, 3).getTime();
    expect(formatIncidenceDate(local)).toBe('07/03/2026 09:05:03');
    expect(formatLongDate(local, 'en_GB')).toBe('7 March 2026');
    expect(formatLongDate(local, 'es_ES')).toBe('7 de marzo de 2026');
  });

  it('draws one bar per day, as tall as its share of activations, a stub for quiet or unevaluated days', () => {
    const bars = stripBars([day([2026, 3, 1], 30, 120), day([2026, 3, 2], 0, 100), day([2026, 3, 3], 0, 0)]);
    expect(
      bars.map(({ day: date, heightPercent, activations, evaluations }) => [
        date,
        heightPercent,
        activations,
        evaluations,
      ]),
    ).toEqual([
      ['2026-03-01', 25, 30, 120],
      ['2026-03-02', 6, 0, 100],
      ['2026-03-03', 3, 0, 0],
    ]);
    expect(bars[0].colour).toBe(gravityColour(25));
    expect(bars[1].colour).toBe(gravityColour(0));
    expect(bars[2].colour).toBe('#d9d9d9');
  });

  it('reads v2 summaries (seconds, percent) and v1 summaries (ISO, 0–1) into the same rows', () => {
    const evolution = [day([2026, 3, 1], 2, 8)];
    const v2: IncidenceSummaryV2Dto = {
      id: 5,
      rule: { id: 7, name: 'Hot', isEnabled: true, canEdit: false },
      firstActivationDate: 1_772_000_000,
      lastActivationDate: 1_772_003_600,
      gravityPercent: 25,
      totalActivations: 2,
      origin: null,
      status: 'NEW',
      historicStatus: [],
      evolutionLast30Days: evolution,
      variableIds: [1],
      open: true,
    };
    const v1: IncidenceSummaryV1Dto = {
      id: 5,
      name: 'Hot',
      ruleId: 7,
      firstActivation: new Date(1_772_000_000_000).toISOString(),
      lastActivation: new Date(1_772_003_600_000).toISOString(),
      gravity: 0.25,
      numberOfRealActivations: 2,
      origin: null,
      enabled: true,
      canEdit: false,
      status: 'NEW',
      statusChanges: [],
      dayEvaluations: [{ date: '2026-03-01', evaluations: 8, activations: 2 }],
    };
    const { variableIds, open, ...common } = v2Row(v2);
    expect(variableIds).toEqual([1]);
    expect(open).toBe(true);
    expect(v1Row(v1)).toEqual(common);
  });

  it('gives the v2 table to the superadmin and product groups; Origin also to INCIDENCEORIGEN in v1', () => {
    expect(summaryGeneration(['ROLE_SUPERADMIN'])).toBe('v2');
    expect(summaryGeneration(['ROLE_PLANTLENS', 'INCIDENCE'])).toBe('v2');
    expect(summaryGeneration(['ROLE_ADMIN'])).toBe('v1');
    expect(showsOrigin(['INCIDENCEORIGEN'], 'v1')).toBe(true);
    expect(showsOrigin(['INCIDENCEORIGEN'], 'v2')).toBe(false);
    expect(showsOrigin(['ROLE_PLANTLENS'], 'v2')).toBe(true);
    expect(showsOrigin(['ROLE_ADMIN', 'INCIDENCE'], 'v1')).toBe(false);
  });

  it('asks the historic for the last 7 days by default, with ISO dates in order', () => {
    const now = Date.UTC(2026, 2, 10, 12);
    const range = defaultHistoricRange(now);
    expect(closedIncidencesRequest(range, ['boiler'], 2)).toEqual({
      page: 2,
      pageSize: 10,
      beginDate: '2026-03-03T12:00:00.000Z',
      endDate: '2026-03-10T12:00:00.000Z',
      filterTags: ['boiler'],
    });
    expect(
      closedIncidencesRequest({ startDate: range.endDate, endDate: range.startDate }, [], 1),
    ).toMatchObject({
      beginDate: '2026-03-03T12:00:00.000Z',
      endDate: '2026-03-10T12:00:00.000Z',
    });
  });

  it('takes the resolution date from the latest SOLVED status', () => {
    expect(
      resolvedAt([
        { status: 'NEW', offsetDateTime: '2026-03-01T10:00:00Z' },
        { status: 'SOLVED', offsetDateTime: '2026-03-02T10:00:00Z' },
      ]),
    ).toBe(Date.parse('2026-03-02T10:00:00Z'));
    expect(resolvedAt([{ status: 'NEW', offsetDateTime: '2026-03-01T10:00:00Z' }])).toBeNull();
  });
});
