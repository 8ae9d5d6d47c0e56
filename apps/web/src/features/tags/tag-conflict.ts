import type { TagConfirmationDto, TagTreeChangedDto } from '@plantlens/contracts';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { httpStatus } from '../../lib/http-status';

export type TagConflict = TagConfirmationDto | TagTreeChangedDto;

// The 409 of a tree change: a warning to confirm (tags in use, tags becoming categories) or a tree that
// changed since it was loaded. Any other failure is undefined.
export function tagConflictOf(
  error: FetchBaseQueryError | SerializedError | undefined,
): TagConflict | undefined {
  if (httpStatus(error) !== 409 || !error || !('data' in error)) return undefined;
  const data = error.data as Partial<TagConflict> | undefined;
  const reason = data?.reason;
  return reason === 'tags-in-use' || reason === 'tags-become-categories' || reason === 'tree-changed'
    ? (data as TagConflict)
    : undefined;
}

/** "Coker (2), Drum (1)": the tags of a warning with their variable counts. */
export function usageList({ tags }: TagConfirmationDto): string {
  return tags.map((tag) => `${tag.name} (${tag.variableCount})`).join(', ');
}
