import type { VariableOrderField } from '@plantlens/contracts';

// What a variable table asks the server for (part 1 §2, §4 "Tables"): sorted by reference ascending at
// first; a header click toggles its column's direction (another column starts ascending); a new filter,
// sort or tag choice goes back to page 1.
export interface VariableTableState {
  page: number;
  filter: string;
  orderField: VariableOrderField;
  order: 'asc' | 'desc';
}

export const INITIAL_VARIABLE_TABLE_STATE: VariableTableState = {
  page: 1,
  filter: '',
  orderField: 'clientReference',
  order: 'asc',
};

export type VariableTableAction =
  | { type: 'page'; page: number }
  | { type: 'filter'; filter: string }
  | { type: 'sort'; field: VariableOrderField }
  | { type: 'restart' };

export function variableTableReducer(
  state: VariableTableState,
  action: VariableTableAction,
): VariableTableState {
  switch (action.type) {
    case 'page':
      return { ...state, page: action.page };
    case 'filter':
      return action.filter === state.filter ? state : { ...state, filter: action.filter, page: 1 };
    case 'sort':
      return {
        ...state,
        page: 1,
        orderField: action.field,
        order: action.field === state.orderField && state.order === 'asc' ? 'desc' : 'asc',
      };
    case 'restart':
      return { ...state, page: 1 };
  }
}
