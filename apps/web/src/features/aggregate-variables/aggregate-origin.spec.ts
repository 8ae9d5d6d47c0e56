import {
  aggregateEditorPath,
  aggregateEditorTrail,
  aggregateReturnPath,
  readAggregateOrigin,
} from './aggregate-origin';

describe('aggregate editor origin (spec part 1 §2)', () => {
  it('reads the origins the spec lists and returns there', () => {
    for (const [origin, path] of [
      ['QueryList', '/query/list'],
      ['AggregateOperatedVariableList', '/aggregate-variable/operated/list'],
      ['VariableTagTree', '/tags-tree'],
      ['VariableManagement', '/variable-management'],
      ['ExplorerEvolutionVariables', '/explorer-evolution-variables'],
      ['ExplorerCorrelationVariables', '/explorer-correlation-variables'],
    ]) {
      expect(aggregateReturnPath(readAggregateOrigin(origin, 'operated'))).toBe(path);
    }
  });

  it('falls back to the list of the goal for a missing or unknown origin', () => {
    expect(readAggregateOrigin(null, 'gradual')).toBe('AggregateGradualVariableList');
    expect(readAggregateOrigin('Login', 'metrical')).toBe('AggregateMetricalVariableList');
    expect(readAggregateOrigin('RawVariableList', 'operated')).toBe('AggregateOperatedVariableList');
  });

  it('puts the editor under the trail of its origin', () => {
    expect(aggregateEditorTrail('VariableTagTree', 'gradual')).toEqual([
      'Workspace',
      'VariableManagement',
      'VariableTagTree',
      'AggregateGradualVariable',
    ]);
    expect(aggregateEditorTrail('AggregateMetricalVariableList', 'metrical')).toEqual([
      'Workspace',
      'AggregateVariableMenu',
      'AggregateMetricalVariableList',
      'AggregateMetricalVariable',
    ]);
  });

  it('builds the editor address of each goal', () => {
    expect(aggregateEditorPath('operated', {})).toBe('/aggregate-variable/operated');
    expect(aggregateEditorPath('gradual', { id: 4, origin: 'VariableManagement' })).toBe(
      '/aggregate-variable/gradual?id=4&origin=VariableManagement',
    );
    expect(aggregateEditorPath('metrical', { origin: null })).toBe('/aggregate-variable/metrical');
  });
});
