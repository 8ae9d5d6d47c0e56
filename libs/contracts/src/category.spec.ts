import {
  CATEGORY_COLOURS,
  CategoryMessages,
  DEFAULT_CATEGORY_COLOUR,
  categoryGroupCreateSchema,
} from './category';
import { RawVariableMessages, rawVariableUpdateSchema } from './variable';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('categoryGroupCreateSchema', () => {
  it('trims names, keeps each variable once and colours options black by default', () => {
    expect(
      categoryGroupCreateSchema.parse({
        name: ' Pump state ',
        variables: [3, 3, 4],
        ranges: [
          { value: 0, name: ' Off ', color: CATEGORY_COLOURS.red.toUpperCase() },
          { value: 1, name: 'On' },
        ],
      }),
    ).toEqual({
      name: 'Pump state',
      variables: [3, 4],
      ranges: [
        { value: 0, name: 'Off', color: CATEGORY_COLOURS.red },
        { value: 1, name: 'On', color: DEFAULT_CATEGORY_COLOUR },
      ],
    });
  });

  it('names every rule of part 1 §5 it breaks', () => {
    expect(issues(categoryGroupCreateSchema.safeParse({ name: ' ', variables: [], ranges: [] }))).toEqual([
      `name: ${CategoryMessages.nameRequired}`,
      `variables: ${CategoryMessages.variablesRequired}`,
      `ranges: ${CategoryMessages.rangesRequired}`,
    ]);
    expect(
      issues(
        categoryGroupCreateSchema.safeParse({
          name: 'g',
          variables: [1],
          ranges: [{ value: '1', name: '', color: '#123456' }],
        }),
      ),
    ).toEqual([
      `ranges.0.value: ${CategoryMessages.rangeValueNumber}`,
      `ranges.0.name: ${CategoryMessages.rangeNameRequired}`,
      `ranges.0.color: ${CategoryMessages.colour}`,
    ]);
    expect(
      issues(
        categoryGroupCreateSchema.safeParse({
          name: 'g',
          variables: [1],
          ranges: [
            { value: 1, name: 'a' },
            { value: 1, name: 'b' },
          ],
        }),
      ),
    ).toEqual([`ranges: ${CategoryMessages.rangeValueRepeated}`]);
  });
});

describe('rawVariableUpdateSchema', () => {
  it('takes tags as read or as ids, and an empty unit as none', () => {
    expect(
      rawVariableUpdateSchema.parse({ id: 1, name: ' Flow ', unit: '', tags: [{ id: 2, name: 'a' }, 5, 2] }),
    ).toEqual({ id: 1, name: 'Flow', unit: null, categoryId: null, tags: [2, 5] });
  });

  it('requires a name', () => {
    expect(issues(rawVariableUpdateSchema.safeParse({ id: 1, name: '  ' }))).toEqual([
      `name: ${RawVariableMessages.nameRequired}`,
    ]);
  });
});
