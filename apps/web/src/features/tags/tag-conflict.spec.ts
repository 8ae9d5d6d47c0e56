import type { TagConfirmationDto } from '@plantlens/contracts';
import { tagConflictOf, usageList } from './tag-conflict';

const warning: TagConfirmationDto = {
  statusCode: 409,
  error: 'Conflict',
  message: 'Variables are tagged with these tags or with tags under them',
  reason: 'tags-in-use',
  tags: [
    { id: 2, name: 'Coker', variableCount: 2 },
    { id: 3, name: 'Drum', variableCount: 1 },
  ],
};

describe('tagConflictOf', () => {
  it('reads the 409 warnings and the changed tree, nothing else', () => {
    expect(tagConflictOf({ status: 409, data: warning })).toBe(warning);
    const changed = { ...warning, reason: 'tree-changed', missing: [], unknownIds: [4] };
    expect(tagConflictOf({ status: 409, data: changed })).toBe(changed);
    expect(tagConflictOf({ status: 409, data: { message: 'other' } })).toBeUndefined();
    expect(tagConflictOf({ status: 400, data: warning })).toBeUndefined();
    expect(tagConflictOf(undefined)).toBeUndefined();
  });
});

describe('usageList', () => {
  it('names each tag with its variable count', () => {
    expect(usageList(warning)).toBe('Coker (2), Drum (1)');
  });
});
