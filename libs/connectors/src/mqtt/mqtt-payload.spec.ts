import { parseMqttPayload, type PayloadContext } from './mqtt-payload';

const RECEIVED_AT = Date.UTC(2026, 2, 1, 12, 0, 0);
const context: PayloadContext = { topicReference: { reference: 'plant1.pt101' }, receivedAt: RECEIVED_AT };
const parse = (payload: string, at: PayloadContext = context) => parseMqttPayload(Buffer.from(payload), at);

describe('parseMqttPayload', () => {
  it('stamps a plain number with the time of arrival', () => {
    expect(parse(' 21.5\n')).toEqual({
      readings: [{ reference: 'plant1.pt101', ts: RECEIVED_AT, value: 21.5 }],
      rejections: [],
    });
    expect(parse('-3e2').readings[0]!.value).toBe(-300);
  });

  it('reads true and false as 1 and 0', () => {
    expect(parse('true').readings[0]!.value).toBe(1);
    expect(parse('{"value": false, "ts": 1767225600000}').readings[0]).toEqual({
      reference: 'plant1.pt101',
      ts: 1767225600000,
      value: 0,
    });
  });

  it('reads {value, ts} with epoch milliseconds or ISO 8601, and "timestamp" as a synonym of "ts"', () => {
    expect(parse('{"value": 7, "ts": 1767225600000}').readings).toEqual([
      { reference: 'plant1.pt101', ts: 1767225600000, value: 7 },
    ]);
    expect(parse('{"value": 7, "timestamp": "2026-01-01T01:00:00+01:00"}').readings[0]!.ts).toBe(
      Date.UTC(2026, 0, 1),
    );
    expect(parse('{"value": 7, "ts": "2026-01-01 00:00:00.250Z"}').readings[0]!.ts).toBe(
      Date.UTC(2026, 0, 1) + 250,
    );
    expect(parse('{"value": 7, "ts": "2026-01-01T05:30:00.5+05:30"}').readings[0]!.ts).toBe(
      Date.UTC(2026, 0, 1) + 500,
    );
    expect(parse('{"value": 7, "ts": 1767225600000.6}').readings[0]!.ts).toBe(1767225600001);
    expect(parse('{"value": 7, "unit": "bar"}').readings[0]!.ts).toBe(RECEIVED_AT);
  });

  it('reads an array of {value, ts}, keeping the good points of a partly bad array', () => {
    const parsed = parse(
      JSON.stringify([
        { value: 1, ts: 1767225600000 },
        { value: 'high', ts: 1767225601000 },
        { value: 3, ts: 1767225602000 },
        { reading: 4 },
      ]),
    );
    expect(parsed.readings.map((reading) => reading.value)).toEqual([1, 3]);
    expect(parsed.rejections.map((rejection) => rejection.reason)).toEqual([
      'invalid-value',
      'malformed-payload',
    ]);
  });

  it('reads several variables at one instant from {ts, values}, any printable reference but one with a trailing blank', () => {
    const parsed = parse(
      JSON.stringify({
        ts: '2026-01-01T00:00:00Z',
        values: { 'boiler.pt101': 3.5, 'Boiler TT7 [°C]': 480, 'bad ref ': 1 },
      }),
    );
    expect(parsed.readings).toEqual([
      { reference: 'boiler.pt101', ts: Date.UTC(2026, 0, 1), value: 3.5 },
      { reference: 'Boiler TT7 [°C]', ts: Date.UTC(2026, 0, 1), value: 480 },
    ]);
    expect(parsed.rejections).toEqual([
      { reason: 'invalid-reference', detail: '"bad ref " is not a valid client reference', count: 1 },
    ]);
  });

  it('rejects every value of {ts, values} when the shared timestamp is bad', () => {
    expect(parse('{"ts": "yesterday", "values": {"a": 1, "b": 2}}')).toEqual({
      readings: [],
      rejections: [
        {
          reason: 'invalid-timestamp',
          detail: 'timestamp "yesterday" is neither epoch milliseconds nor ISO 8601 with a zone',
          count: 2,
        },
      ],
    });
  });

  it.each([
    ['', 'empty payload'],
    ['21,5', '"21,5" is neither a number nor JSON'],
    ['NaN', '"NaN" is neither a number nor JSON'],
    ['[]', 'empty array'],
    ['"21.5"', 'expected a number'],
    ['{"temperature": 21.5}', 'expected a number'],
    ['{"values": []}', '"values" must be an object'],
  ])('rejects the payload %j as malformed: %s', (payload, detail) => {
    const parsed = parse(payload);
    expect(parsed.readings).toEqual([]);
    expect(parsed.rejections).toEqual([
      { reason: 'malformed-payload', detail: expect.stringContaining(detail), count: 1 },
    ]);
  });

  it.each([
    ['{"value": null}', 'invalid-value', 'value null of plant1.pt101 is not a finite number'],
    ['1e400', 'invalid-value', 'value null of plant1.pt101 is not a finite number'],
    ['{"value": 1, "ts": 1767225600}', 'invalid-timestamp', 'looks like epoch seconds'],
    ['{"value": 1, "ts": "2026-01-01T00:00:00"}', 'invalid-timestamp', 'ISO 8601 with a zone'],
    ['{"value": 1, "ts": "2026-02-30T00:00:00Z"}', 'invalid-timestamp', 'is not a valid date'],
    ['{"value": 1, "ts": "2026-01-01T24:00:00Z"}', 'invalid-timestamp', 'is not a valid date'],
    ['{"value": 1, "ts": "1969-12-31T23:59:59Z"}', 'invalid-timestamp', 'is before 1970'],
    ['{"value": 1, "ts": -5}', 'invalid-timestamp', 'looks like epoch seconds'],
    ['{"value": 1, "ts": 1800000000000}', 'invalid-timestamp', 'more than a day in the future'],
  ])('rejects %j as %s', (payload, reason, detail) => {
    expect(parse(payload)).toEqual({
      readings: [],
      rejections: [{ reason, detail: expect.stringContaining(detail), count: 1 }],
    });
  });

  it('rejects the values of a topic that gives no client reference, but not those of {ts, values}', () => {
    const badTopic: PayloadContext = {
      topicReference: { problem: 'topic "a b" gives no valid client reference' },
      receivedAt: RECEIVED_AT,
    };
    expect(parse('[1, 2]', badTopic).rejections).toEqual([
      { reason: 'invalid-reference', detail: 'topic "a b" gives no valid client reference', count: 1 },
      { reason: 'invalid-reference', detail: 'topic "a b" gives no valid client reference', count: 1 },
    ]);
    expect(parse('{"values": {"ok": 1}}', badTopic).readings).toEqual([
      { reference: 'ok', ts: RECEIVED_AT, value: 1 },
    ]);
  });
});
