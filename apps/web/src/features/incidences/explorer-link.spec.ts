import { EXPLORER_MARGIN_MS, incidenceExplorerPath, incidenceValveHistoricPath } from './explorer-link';

const HOUR = 3_600_000;
const first = Date.UTC(2026, 2, 1, 10);
const last = Date.UTC(2026, 2, 3, 18);
const now = Date.UTC(2026, 2, 10);
const params = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);

describe('explorer link of an incidence', () => {
  it("opens the evolution explorer on the rule's variables over the incidence, an hour either side", () => {
    const path = incidenceExplorerPath(
      [4, 9],
      { firstActivation: first, lastActivation: last },
      'IncidenceList',
      {
        ruleId: 7,
        now,
      },
    );
    expect(EXPLORER_MARGIN_MS).toBe(HOUR);
    expect(path).toBe(
      `/explorer-evolution?variables=4,9&startDate=${first - HOUR}&endDate=${last + HOUR}&origin=IncidenceList&ruleId=7`,
    );
  });

  it('opens the valve historic analysis instead in the valve deployment', () => {
    const path = incidenceExplorerPath(
      [4],
      { firstActivation: first, lastActivation: last },
      'IncidenceList',
      {
        ruleId: 7,
        now,
        target: 'HistoricAnalysis',
      },
    );
    expect(path.startsWith('/ampo/historic-analysis?variables=4&')).toBe(true);
  });

  it('runs until now while an incidence is open, and never past now', () => {
    const open = incidenceExplorerPath(
      [4],
      { firstActivation: first, lastActivation: last, open: true },
      'IncidenceList',
      { now },
    );
    expect(params(open).endDate).toBe(String(now));
    const recent = incidenceExplorerPath(
      [4],
      { firstActivation: first, lastActivation: now - 60_000 },
      'IncidenceHistoric',
      { now },
    );
    expect(params(recent)).toEqual({
      variables: '4',
      startDate: String(first - HOUR),
      endDate: String(now),
      origin: 'IncidenceHistoric',
    });
  });

  it("opens a valve failure source's summary in the valve historic analysis of its asset, same range", () => {
    const source = { asset: 'gate01', errorCode: 2 };
    const path = incidenceValveHistoricPath(
      source,
      { firstActivation: first, lastActivation: last },
      'IncidenceList',
      { ruleId: 7, now },
    );
    expect(path).toBe(
      `/ampo/historic-analysis?origin=IncidenceList&asset=gate01&error=2&startDate=${first - HOUR}&endDate=${last + HOUR}&ruleId=7`,
    );
    const open = incidenceValveHistoricPath(
      source,
      { firstActivation: first, lastActivation: last, open: true },
      'IncidenceHistoric',
      { now },
    );
    expect(params(open)).toEqual({
      origin: 'IncidenceHistoric',
      asset: 'gate01',
      error: '2',
      startDate: String(first - HOUR),
      endDate: String(now),
    });
  });
});
