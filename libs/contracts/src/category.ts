import { z } from 'zod';
import { pathIdSchema, positiveIdSchema, requiredTextSchema } from './schema-parts';

// Categorical variable groups (spec part 1 §2 "/categorical-variable", §3 "Category group", §5, §9):
// a named set of variables whose values mean categories, each category an option of value, name and
// colour. A variable belongs to at most one group: its `categoryId` is the group's id.

// Part 1 §9: eight preset colours, black by default. Mid-dark shades so points stand out on the white
// plot (a pale yellow would vanish).
export const CATEGORY_COLOURS = {
  red: '#e53935',
  orange: '#fb8c00',
  yellow: '#d4b106',
  green: '#43a047',
  cyan: '#00acc1',
  purple: '#8e24aa',
  grey: '#757575',
  brown: '#795548',
} as const;
export type CategoryColourName = keyof typeof CATEGORY_COLOURS;
export const DEFAULT_CATEGORY_COLOUR = '#000000';

/** Every colour an option may take: the presets and the default black. */
export const CATEGORY_COLOUR_CHOICES: readonly string[] = [
  ...Object.values(CATEGORY_COLOURS),
  DEFAULT_CATEGORY_COLOUR,
];

export const CATEGORY_GROUP_NAME_MAX_LENGTH = 200;
export const CATEGORY_NAME_MAX_LENGTH = 100;
export const CATEGORY_GROUP_MAX_VARIABLES = 1000;
export const CATEGORY_GROUP_MAX_RANGES = 100;

export const CategoryMessages = {
  nameRequired: 'You should enter a group name',
  variablesRequired: 'Choose at least one variable',
  rangesRequired: 'Add at least one category',
  rangeValueNumber: 'The category value must be a number',
  rangeValueRepeated: 'Each category value may appear only once',
  rangeNameRequired: 'The category name must not be empty',
  colour: `must be one of the preset colours (${Object.values(CATEGORY_COLOURS).join(', ')}) or ${DEFAULT_CATEGORY_COLOUR}`,
  notFound: 'Categorical group not found',
  nameTaken: 'A categorical group with this name already exists',
  variablesNotFound: 'Unknown variables',
  variablesInOtherGroup: 'Some variables already belong to another categorical group',
} as const;

export const categoryRangeSchema = z.object({
  value: z.number({ message: CategoryMessages.rangeValueNumber }),
  name: requiredTextSchema(CategoryMessages.rangeNameRequired, CATEGORY_NAME_MAX_LENGTH),
  color: z
    .string({ message: CategoryMessages.colour })
    .transform((colour) => colour.toLowerCase())
    .refine((colour) => CATEGORY_COLOUR_CHOICES.includes(colour), { message: CategoryMessages.colour })
    .default(DEFAULT_CATEGORY_COLOUR),
});

const categoryGroupFields = {
  name: requiredTextSchema(CategoryMessages.nameRequired, CATEGORY_GROUP_NAME_MAX_LENGTH),
  variables: z
    .array(positiveIdSchema, { message: CategoryMessages.variablesRequired })
    .min(1, CategoryMessages.variablesRequired)
    .max(CATEGORY_GROUP_MAX_VARIABLES, `must list at most ${CATEGORY_GROUP_MAX_VARIABLES} variables`)
    .transform((ids) => [...new Set(ids)]),
  ranges: z
    .array(categoryRangeSchema, { message: CategoryMessages.rangesRequired })
    .min(1, CategoryMessages.rangesRequired)
    .max(CATEGORY_GROUP_MAX_RANGES, `must list at most ${CATEGORY_GROUP_MAX_RANGES} categories`)
    .refine((ranges) => new Set(ranges.map((range) => range.value)).size === ranges.length, {
      message: CategoryMessages.rangeValueRepeated,
    }),
};

// POST /api/web/category/ — `owner` is the caller; fields the list adds (id, owner) are ignored.
export const categoryGroupCreateSchema = z.object(categoryGroupFields);
export type CategoryGroupCreateDto = z.input<typeof categoryGroupCreateSchema>;
export type CategoryGroupCreate = z.infer<typeof categoryGroupCreateSchema>;

// PUT /api/web/category/ — the whole group; its variables become exactly `variables`.
export const categoryGroupUpdateSchema = z.object({ id: positiveIdSchema, ...categoryGroupFields });
export type CategoryGroupUpdateDto = z.input<typeof categoryGroupUpdateSchema>;
export type CategoryGroupUpdate = z.infer<typeof categoryGroupUpdateSchema>;

// GET /api/web/category/ (all groups, by name: CategoryGroupDto[]) or ?id= (that group: CategoryGroupDto);
// DELETE /api/web/category/?id=
export const categoryGroupListQuerySchema = z.object({ id: pathIdSchema.optional() });
export const categoryGroupIdQuerySchema = z.object({ id: pathIdSchema });

// ---- Answers (response schemas; the types are inferred from them). Strict objects: the OpenAPI document
// forbids other properties, and the API tests' contract check then refuses them too.

// One option of a group (part 1 §3 "ranges each {value (number), name, color (hex)}").
export const categoryRangeDtoSchema = z.strictObject({
  value: z.number(),
  name: z.string(),
  color: z.string(),
});
export type CategoryRangeDto = z.infer<typeof categoryRangeDtoSchema>;

const groupIdDtoSchema = z.number().int().positive();
const variableIdsDtoSchema = z.array(z.number().int().positive());

// Part 1 §3 "Category group".
export const categoryGroupDtoSchema = z.strictObject({
  id: groupIdDtoSchema,
  name: z.string(),
  /** the creator's user label, null if that user no longer exists */
  owner: z.string().nullable(),
  /** ids of the variables whose categoryId is this group */
  variables: variableIdsDtoSchema,
  /** by value ascending */
  ranges: z.array(categoryRangeDtoSchema),
});
export type CategoryGroupDto = z.infer<typeof categoryGroupDtoSchema>;

// Part 2 §3 "Correlation data": the categories of the categorical variables of a correlation, one set per
// group, naming the requested variables of that group.
export const categorySetDtoSchema = z.strictObject({
  /** the group's id and name (its legend title) */
  id: groupIdDtoSchema,
  name: z.string(),
  variables: variableIdsDtoSchema,
  ranges: z.array(categoryRangeDtoSchema),
});
export type CategorySetDto = z.infer<typeof categorySetDtoSchema>;
