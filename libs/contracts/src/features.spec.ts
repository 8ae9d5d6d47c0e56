import { Authorities, FEATURE_AUTHORITIES, hasFeature } from './features';

describe('features → authorities', () => {
  it('grants a feature to any listed authority and to no other', () => {
    expect(hasFeature([Authorities.explorer], 'Explore')).toBe(true);
    expect(hasFeature([Authorities.admin], 'Explore')).toBe(true);
    expect(hasFeature([Authorities.query], 'Explore')).toBe(false);
    expect(hasFeature([], 'Explore')).toBe(false);
  });

  it('follows the spec tables', () => {
    expect(FEATURE_AUTHORITIES.Workspace).toEqual([
      'ROLE_SUPERADMIN',
      'ROLE_ADMIN',
      'RULE',
      'AGGREGATEVAR',
      'QUERY',
    ]);
    expect(FEATURE_AUTHORITIES.ExplorerCorrelationBenchmark).toEqual(['ROLE_SUPERADMIN', 'ROLE_PLANTLENS']);
    expect(FEATURE_AUTHORITIES.Incidence).toEqual(['ROLE_ADMIN', 'INCIDENCE']);
  });
});
