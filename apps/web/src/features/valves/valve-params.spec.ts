import {
  assetOfClientReference,
  capIncidentRange,
  historicParams,
  historicSearchFromReview,
  isRetrieved,
  reviewParams,
} from './valve-params';

const DAY = 86_400_000;

describe('valve screen addresses (spec part 2 §2, §5)', () => {
  it('reads a review only with asset, beginDate and endDate all present', () => {
    expect(reviewParams(new URLSearchParams('asset=gate01&beginDate=10&endDate=20&error=2'))).toEqual({
      asset: 'gate01',
      beginDate: 10,
      endDate: 20,
      error: 2,
    });
    expect(reviewParams(new URLSearchParams('asset=gate01&beginDate=10'))).toBeUndefined();
    expect(reviewParams(new URLSearchParams('beginDate=10&endDate=20'))).toBeUndefined();
    expect(reviewParams(new URLSearchParams('asset=gate01&beginDate=x&endDate=20'))).toBeUndefined();
  });

  it('carries the review to the historic analysis with operation and origin', () => {
    const search = historicSearchFromReview(
      { asset: 'gate01', beginDate: 10, endDate: 20, error: 2 },
      'closures',
    );
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({
      asset: 'gate01',
      beginDate: '10',
      endDate: '20',
      error: '2',
      operation: 'closures',
      origin: 'incidenceReview',
    });
    expect(historicParams(new URLSearchParams(search))).toMatchObject({
      asset: 'gate01',
      range: { startDate: 10_000, endDate: 20_000 },
      operation: 'closures',
      error: 2,
    });
  });

  it('takes the asset a valve-failure source names, from an incident list without variables', () => {
    const params = historicParams(
      new URLSearchParams(`origin=IncidenceList&ruleId=7&asset=gate02&error=2&startDate=0&endDate=${DAY}`),
    );
    expect(params.asset).toBe('gate02');
    expect(params.variableIds).toEqual([]);
    expect(params.error).toBe(2);
    expect(params.range).toEqual({ startDate: 0, endDate: DAY });
  });

  it('caps a range from an incident list to 30 days before its end', () => {
    expect(capIncidentRange(0, 40 * DAY)).toEqual({ startDate: 10 * DAY, endDate: 40 * DAY });
    expect(capIncidentRange(5 * DAY, 10 * DAY)).toEqual({ startDate: 5 * DAY, endDate: 10 * DAY });
    const params = historicParams(
      new URLSearchParams(`origin=IncidenceList&ruleId=7&variables=4,9&startDate=0&endDate=${40 * DAY}`),
    );
    expect(params).toMatchObject({
      asset: undefined,
      ruleId: 7,
      variableIds: [4, 9],
      range: { startDate: 10 * DAY, endDate: 40 * DAY },
      operation: 'openings',
    });
  });

  it('takes the asset from the client reference part before the underscore', () => {
    expect(assetOfClientReference('lift03_torque')).toBe('lift03');
    expect(assetOfClientReference('gate01')).toBe('gate01');
    expect(assetOfClientReference(null)).toBeUndefined();
    expect(assetOfClientReference('_x')).toBeUndefined();
  });

  it('keeps the chart only while asset and dates equal the retrieved ones', () => {
    const retrieval = { asset: 'gate01', startDate: 1, endDate: 2 };
    expect(isRetrieved({ asset: 'gate01', startDate: 1, endDate: 2 }, retrieval)).toBe(true);
    expect(isRetrieved({ asset: 'gate02', startDate: 1, endDate: 2 }, retrieval)).toBe(false);
    expect(isRetrieved({ asset: 'gate01', startDate: 1, endDate: 3 }, retrieval)).toBe(false);
    expect(isRetrieved({ asset: 'gate01', startDate: 1, endDate: 2 }, undefined)).toBe(false);
  });
});
