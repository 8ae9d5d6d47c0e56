import { Readable } from 'node:stream';
import { nulCharacterPath } from './nul-character.guard';

describe('nulCharacterPath', () => {
  it('names the field holding a NUL, however deep, keys included', () => {
    expect(nulCharacterPath({ name: 'a\u0000' })).toBe('name');
    expect(nulCharacterPath([{ name: 'r', emails: 'a@b.es' }, { tags: ['x', 'y\u0000'] }])).toBe('1.tags.1');
    expect(nulCharacterPath({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(nulCharacterPath('bare\u0000')).toBe('');
  });

  it('reads null-prototype dictionaries (parsed queries and route params)', () => {
    const query = Object.assign(Object.create(null) as Record<string, string>, { text: 'a\u0000b' });
    expect(nulCharacterPath(query)).toBe('text');
  });

  it('finds nothing in clean data, numbers or streams (an upload is not looked into)', () => {
    expect(nulCharacterPath({ name: 'Sala — 東京', n: 1, list: [true, null] })).toBeUndefined();
    expect(nulCharacterPath(undefined)).toBeUndefined();
    expect(nulCharacterPath(Readable.from(['a\u0000']))).toBeUndefined();
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    let nested: unknown = 'deep\u0000';
    for (let level = 0; level < 100_000; level += 1) nested = [nested];
    expect(nulCharacterPath(nested)).toMatch(/^0(\.0)+$/);
  });
});
