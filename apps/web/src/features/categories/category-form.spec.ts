import { CATEGORY_COLOURS, DEFAULT_CATEGORY_COLOUR } from '@plantlens/contracts';
import {
  COLOUR_CHOICES,
  canAddOption,
  canRemoveOption,
  emptyOption,
  initialValues,
  isOptionEmpty,
  repeatedValues,
  toGroupDto,
  variablesOfOtherGroups,
} from './category-form';

describe('categorical group form rules (spec part 1 §5)', () => {
  it('starts a new group with one empty, black option', () => {
    expect(initialValues(undefined, [])).toEqual({
      name: '',
      variables: [],
      ranges: [{ value: null, name: '', color: DEFAULT_CATEGORY_COLOUR }],
    });
  });

  it('calls an option empty without a numeric value or with a blank name', () => {
    expect(isOptionEmpty(emptyOption())).toBe(true);
    expect(isOptionEmpty({ value: 0, name: '  ', color: DEFAULT_CATEGORY_COLOUR })).toBe(true);
    expect(isOptionEmpty({ value: 0, name: 'Off', color: DEFAULT_CATEGORY_COLOUR })).toBe(false);
    expect(isOptionEmpty(undefined)).toBe(true);
  });

  it('allows adding while no option is empty and removing while more than one remains', () => {
    const off = { value: 0, name: 'Off', color: CATEGORY_COLOURS.red };
    expect(canAddOption([off])).toBe(true);
    expect(canAddOption([off, emptyOption()])).toBe(false);
    expect(canRemoveOption([off])).toBe(false);
    expect(canRemoveOption([off, off])).toBe(true);
  });

  it('finds repeated values', () => {
    const option = (value: number | null) => ({ value, name: 'x', color: DEFAULT_CATEGORY_COLOUR });
    expect([...repeatedValues([option(1), option(2), option(1), option(null), option(null)])]).toEqual([1]);
  });

  it('sends trimmed names and variable ids', () => {
    const variable = { id: 4, label: 'Pump', unit: null, categoryId: null, clientReference: 'pump' };
    expect(
      toGroupDto({
        name: ' Pumps ',
        variables: [variable],
        ranges: [{ value: 1, name: ' On ', color: CATEGORY_COLOURS.green }],
      }),
    ).toEqual({
      name: 'Pumps',
      variables: [4],
      ranges: [{ value: 1, name: 'On', color: CATEGORY_COLOURS.green }],
    });
  });

  it('names the chosen variables that another group holds', () => {
    const variable = (id: number, categoryId: number | null) => ({
      id,
      label: `V${id}`,
      unit: null,
      categoryId,
      clientReference: `v${id}`,
    });
    const groups = [
      { id: 1, name: 'Pumps' },
      { id: 2, name: 'Valves' },
    ];
    expect(variablesOfOtherGroups([variable(1, null), variable(2, 1), variable(3, 2)], 1, groups)).toEqual([
      'V3 (Valves)',
    ]);
    expect(variablesOfOtherGroups([variable(2, 1)], undefined, groups)).toEqual(['V2 (Pumps)']);
  });

  it('offers the eight presets then black', () => {
    expect(COLOUR_CHOICES.map(({ key }) => key)).toEqual([
      'red',
      'orange',
      'yellow',
      'green',
      'cyan',
      'purple',
      'grey',
      'brown',
      'black',
    ]);
  });
});
