import {
  INITIAL_VARIABLE_TABLE_STATE,
  variableTableReducer,
  type VariableTableState,
} from './variable-table-state';

const onPage3: VariableTableState = { ...INITIAL_VARIABLE_TABLE_STATE, page: 3 };

describe('variableTableReducer', () => {
  it('starts by reference ascending on page 1', () => {
    expect(INITIAL_VARIABLE_TABLE_STATE).toEqual({
      page: 1,
      filter: '',
      orderField: 'clientReference',
      order: 'asc',
    });
  });

  it('toggles the direction of the sorted column and starts another column ascending, back on page 1', () => {
    const descending = variableTableReducer(onPage3, { type: 'sort', field: 'clientReference' });
    expect(descending).toEqual({ ...onPage3, page: 1, order: 'desc' });
    expect(
      variableTableReducer({ ...descending, page: 2 }, { type: 'sort', field: 'clientReference' }),
    ).toEqual({
      ...onPage3,
      page: 1,
      order: 'asc',
    });
    expect(variableTableReducer({ ...descending, page: 2 }, { type: 'sort', field: 'name' })).toEqual({
      ...onPage3,
      page: 1,
      orderField: 'name',
      order: 'asc',
    });
  });

  it('goes back to page 1 on a new filter or a restart, and keeps the page for the same filter', () => {
    expect(variableTableReducer(onPage3, { type: 'filter', filter: 'flow' })).toEqual({
      ...onPage3,
      page: 1,
      filter: 'flow',
    });
    expect(variableTableReducer(onPage3, { type: 'filter', filter: '' })).toBe(onPage3);
    expect(variableTableReducer(onPage3, { type: 'restart' }).page).toBe(1);
    expect(variableTableReducer(onPage3, { type: 'page', page: 4 }).page).toBe(4);
  });
});
