import { rawVariableReturnPath, rawVariableTrail, readRawVariableOrigin } from './raw-variable-origin';

describe('raw variable editor origin (spec part 1 §2)', () => {
  it('defaults to the raw variable list for a missing or unknown origin', () => {
    expect(readRawVariableOrigin(null)).toBe('RawVariableList');
    expect(readRawVariableOrigin('QueryList')).toBe('RawVariableList');
    expect(readRawVariableOrigin('VariableTagTree')).toBe('VariableTagTree');
  });

  it('returns to the origin and builds its breadcrumb', () => {
    expect(rawVariableReturnPath('VariableManagement')).toBe('/variable-management');
    expect(rawVariableTrail('RawVariableList')).toEqual(['Workspace', 'RawVariableList', 'RawVariable']);
    expect(rawVariableTrail('VariableManagement')).toEqual([
      'Workspace',
      'VariableManagement',
      'RawVariable',
    ]);
    expect(rawVariableTrail('VariableTagTree')).toEqual([
      'Workspace',
      'VariableManagement',
      'VariableTagTree',
      'RawVariable',
    ]);
  });
});
