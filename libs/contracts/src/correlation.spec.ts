import {
  correlationColumnsDtoSchema,
  correlationDataDtoSchema,
  correlationDataQuerySchema,
  correlationFromColumns,
  type CorrelationColumnsDto,
} from './correlation';

describe('correlationFromColumns', () => {
  const categorySets = [
    { id: 2, name: 'Modes', variables: [1], ranges: [{ value: 0, name: 'Off', color: '#888888' }] },
  ];
  const answer: CorrelationColumnsDto = {
    ts: [1_735_689_600_000, 1_735_689_601_500],
    variables: [
      { metadata: { id: 3, label: 'Flow', unit: 'm³/h' }, values: [4.25, -0.5], sampled: false },
      { metadata: { id: 1, label: 'Level', unit: null }, values: [7, 8], sampled: false },
    ],
    categorySets,
  };

  it('gives every variable one point per instant, in epoch seconds, with its own value', () => {
    expect(correlationFromColumns(answer)).toEqual({
      variables: [
        {
          metadata: { id: 3, label: 'Flow', unit: 'm³/h' },
          data: [
            { timestamp: 1_735_689_600, value: 4.25 },
            { timestamp: 1_735_689_601.5, value: -0.5 },
          ],
          sampled: false,
        },
        {
          metadata: { id: 1, label: 'Level', unit: null },
          data: [
            { timestamp: 1_735_689_600, value: 7 },
            { timestamp: 1_735_689_601.5, value: 8 },
          ],
          sampled: false,
        },
      ],
      categorySets,
    });
  });

  it('answers both shapes within their response schemas, and the spec shape without points when empty', () => {
    expect(correlationColumnsDtoSchema.parse(answer)).toEqual(answer);
    expect(correlationDataDtoSchema.parse(correlationFromColumns(answer))).toEqual(
      correlationFromColumns(answer),
    );
    const empty = { ...answer, ts: [], variables: answer.variables.map((v) => ({ ...v, values: [] })) };
    expect(correlationFromColumns(empty).variables.map(({ data }) => data)).toEqual([[], []]);
  });
});

describe('correlationDataQuerySchema format', () => {
  const query = { variableIds: '1,2', startDate: '1000', endDate: '2000' };

  it('takes points or columns, and none (the spec shape)', () => {
    expect(correlationDataQuerySchema.parse({ ...query, format: 'columns' }).format).toBe('columns');
    expect(correlationDataQuerySchema.parse({ ...query, format: 'points' }).format).toBe('points');
    expect(correlationDataQuerySchema.parse(query).format).toBeUndefined();
  });

  it('refuses any other format, naming the two', () => {
    const result = correlationDataQuerySchema.safeParse({ ...query, format: 'rows' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('must be "points" or "columns"');
  });
});
