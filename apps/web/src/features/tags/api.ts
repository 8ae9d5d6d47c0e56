import type {
  TagAssignment,
  TagAssignmentResultDto,
  TagTreeNodeDto,
  TagTreeNodeInput,
} from '@plantlens/contracts';
import { api } from '../../lib/api';

// Every change of tags shows in the tree, the variable tables and the pickers (all under Variable LIST).
const CHANGED = [{ type: 'Variable' as const, id: 'LIST' }];

export interface TagTreeChange {
  nodes: TagTreeNodeInput[];
  /** the user accepted the warning of a first call (409) */
  confirm: boolean;
}

// Spec part 1 §7: PUT and DELETE /api/web/tag/, PUT /api/web/tag/add/ and /api/web/tag/remove/.
const tagsApi = api.injectEndpoints({
  endpoints: (build) => ({
    replaceTagTree: build.mutation<TagTreeNodeDto[], TagTreeChange>({
      query: ({ nodes, confirm }) => ({ url: 'web/tag/', method: 'PUT', body: nodes, params: { confirm } }),
      invalidatesTags: CHANGED,
    }),
    deleteTags: build.mutation<TagTreeNodeDto[], TagTreeChange>({
      query: ({ nodes, confirm }) => ({
        url: 'web/tag/',
        method: 'DELETE',
        body: nodes,
        params: { confirm },
      }),
      invalidatesTags: CHANGED,
    }),
    addTagsToVariables: build.mutation<TagAssignmentResultDto, TagAssignment>({
      query: (body) => ({ url: 'web/tag/add/', method: 'PUT', body }),
      invalidatesTags: CHANGED,
    }),
    removeTagsFromVariables: build.mutation<TagAssignmentResultDto, TagAssignment>({
      query: (body) => ({ url: 'web/tag/remove/', method: 'PUT', body }),
      invalidatesTags: CHANGED,
    }),
  }),
});

export const {
  useReplaceTagTreeMutation,
  useDeleteTagsMutation,
  useAddTagsToVariablesMutation,
  useRemoveTagsFromVariablesMutation,
} = tagsApi;
