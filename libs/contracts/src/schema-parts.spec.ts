import { z } from 'zod';
import {
  EPOCH_MS_MAX,
  epochMsQuerySchema,
  epochMsSchema,
  integerSchema,
  nameSchema,
  pathIdSchema,
  positiveIdSchema,
  queryIdListSchema,
  queryIntegerSchema,
  requiredTextSchema,
  tagIdSchema,
  textSchema,
} from './schema-parts';

/** The messages of a failed parse, or 'ok:<value>' when it passes. */
function outcome(schema: z.ZodType, input: unknown): string {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? `ok:${JSON.stringify(parsed.data)}`
    : parsed.error.issues.map((i) => i.message).join('; ');
}

const ID = 'must be a positive integer id';
const BEYOND = 'must be at most 2147483647';

describe('pathIdSchema (ids in a path or a query string)', () => {
  it.each([
    ['1', 'ok:1'],
    ['2147483647', 'ok:2147483647'],
    ['2147483648', BEYOND],
    ['99999999999999999999', ID],
    ['0', ID],
    ['-1', ID],
    ['1.5', ID],
    ['', ID],
    [' 1', ID],
    ['+1', ID],
    ['abc', ID],
    ['0x1A', ID],
    ['0o7', ID],
    ['0b1', ID],
    ['1e3', ID],
    ['Infinity', ID],
    [undefined, ID],
  ])('%j → %s', (text, expected) => {
    expect(outcome(pathIdSchema, text)).toBe(expected);
  });
});

describe('positiveIdSchema and integerSchema (numbers in a JSON body)', () => {
  it.each([
    [1, 'ok:1'],
    [2_147_483_647, 'ok:2147483647'],
    [2_147_483_648, BEYOND],
    [0, ID],
    [1.5, ID],
    ['1', ID],
    [Number.POSITIVE_INFINITY, ID],
    [Number.NaN, ID],
  ])('id %j → %s', (value, expected) => {
    expect(outcome(positiveIdSchema, value)).toBe(expected);
  });

  it('takes negative tag ids (system tags) down to the int4 minimum, and no further', () => {
    expect(outcome(tagIdSchema, -2_147_483_648)).toBe('ok:-2147483648');
    expect(outcome(tagIdSchema, -2_147_483_649)).toBe('must be a tag id');
    expect(outcome(tagIdSchema, 2_147_483_648)).toBe(BEYOND);
  });

  it('names its own range when it is not the int4 one', () => {
    expect(outcome(integerSchema('must be 1 to 10', 1, 10), 11)).toBe('must be 1 to 10');
  });
});

describe('epoch-ms dates', () => {
  const DATE = 'must be a date in epoch milliseconds';
  it.each([
    ['1700000000000', 'ok:1700000000000'],
    ['0', 'ok:0'],
    [String(EPOCH_MS_MAX), `ok:${EPOCH_MS_MAX}`],
    [String(EPOCH_MS_MAX + 1), DATE],
    ['', DATE],
    ['0x1A', DATE],
    ['-1', DATE],
    ['1.7e12', DATE],
  ])('in a query string %j → %s', (text, expected) => {
    expect(outcome(epochMsQuerySchema, text)).toBe(expected);
  });

  it('in a JSON body: integers from 1970 to the year 9999', () => {
    expect(outcome(epochMsSchema, 1_700_000_000_000)).toBe('ok:1700000000000');
    expect(outcome(epochMsSchema, EPOCH_MS_MAX + 1)).toBe(DATE);
    expect(outcome(epochMsSchema, -1)).toBe(DATE);
  });
});

describe('queryIntegerSchema', () => {
  const WIDTH = 'must be 10 to 100';
  it('reads plain decimals only, within its bounds, and keeps its default for an absent parameter', () => {
    const width = queryIntegerSchema(WIDTH, 10, 100).default(50);
    expect(outcome(width, undefined)).toBe('ok:50');
    expect(outcome(width, '20')).toBe('ok:20');
    expect(outcome(width, '')).toBe(WIDTH);
    expect(outcome(width, '0x14')).toBe(WIDTH);
    expect(outcome(width, '101')).toBe(WIDTH);
  });
});

describe('queryIdListSchema', () => {
  const LIST = 'must be a comma-separated list of positive integer ids';
  it.each([
    ['3, 1,,3', 'ok:[3,1]'],
    ['1,2147483648', `${LIST}, each at most 2147483647`],
    ['1,0x1A', LIST],
    ['1,-2', LIST],
    ['1,1.5', LIST],
  ])('%j → %s', (text, expected) => {
    expect(outcome(queryIdListSchema(LIST), text)).toBe(expected);
  });

  it('takes negative ids when its minimum allows them, and answers an absent list with `missing`', () => {
    expect(outcome(queryIdListSchema(LIST, { min: -5 }), '-5,4')).toBe('ok:[-5,4]');
    expect(outcome(queryIdListSchema(LIST, { missing: 'is required' }), undefined)).toBe('is required');
  });
});

describe('texts', () => {
  const NUL = 'must not contain NUL characters';
  it('refuses NUL in any text and keeps everything else, line breaks included', () => {
    expect(outcome(textSchema(), 'a\u0000b')).toBe(NUL);
    expect(outcome(textSchema(), 'línea 1\nlínea 2\t✓')).toBe('ok:"línea 1\\nlínea 2\\t✓"');
  });

  it('refuses every control character in a name, and takes any other Unicode', () => {
    const CONTROL = 'must not contain control characters';
    for (const control of ['\u0000', '\n', '\t', '\u001b', '\u007f', '\u0085']) {
      expect(outcome(nameSchema(), `a${control}b`)).toBe(CONTROL);
    }
    expect(outcome(nameSchema(), 'Caudal Ø 3″ — 東京 🌡')).toBe('ok:"Caudal Ø 3″ — 東京 🌡"');
  });

  it('requiredTextSchema is a name: trimmed, required, bounded, without control characters', () => {
    const name = requiredTextSchema('needs a name', 5);
    expect(outcome(name, '  Ñandú ')).toBe('ok:"Ñandú"');
    expect(outcome(name, '   ')).toBe('needs a name');
    expect(outcome(name, 'a\u0000')).toBe('must not contain control characters');
    expect(outcome(name, 'abcdef')).toBe('must be at most 5 characters');
  });
});
