import type { VariableListRowDto } from '@plantlens/contracts';
import { variableEditPath } from './variable-edit-path';

const row: VariableListRowDto = {
  id: 7,
  clientReference: 'cdu_feed_flow',
  name: 'CDU feed flow',
  unit: 'm3/h',
  tags: [],
  aggregate: false,
  categorized: false,
  categoryId: null,
};

describe('variableEditPath', () => {
  it('opens the raw editor with the list as origin', () => {
    expect(variableEditPath(row, 'VariableManagement')).toBe('/raw-variable?id=7&origin=VariableManagement');
    expect(variableEditPath(row, 'RawVariableList')).toBe('/raw-variable?id=7&origin=RawVariableList');
  });

  it('opens the editor of an aggregate variable through the page that reads its kind', () => {
    expect(variableEditPath({ ...row, aggregate: true }, 'VariableManagement')).toBe(
      '/aggregate-variable/edit?id=7&origin=VariableManagement',
    );
  });
});
