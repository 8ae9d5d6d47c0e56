import { DataValue } from 'node-opcua-data-value';
import { StatusCodes } from 'node-opcua-status-code';
import { DataType, Variant, VariantArrayType } from 'node-opcua-variant';
import { readDataValue } from './opcua-values';

const NOW = Date.UTC(2026, 0, 2);
const T0 = Date.UTC(2026, 0, 1);

function dataValue(
  variant: { dataType: DataType; value: unknown; arrayType?: VariantArrayType },
  extra = {},
) {
  return new DataValue({ value: new Variant(variant), sourceTimestamp: new Date(T0), ...extra });
}

describe('readDataValue', () => {
  it('reads numbers of every numeric type, booleans as 1/0 and 64-bit integers, at their source time', () => {
    const values = [
      dataValue({ dataType: DataType.Double, value: 21.5 }),
      dataValue({ dataType: DataType.Float, value: 0.5 }),
      dataValue({ dataType: DataType.Int16, value: -7 }),
      dataValue({ dataType: DataType.UInt32, value: 4_000_000_000 }),
      dataValue({ dataType: DataType.Boolean, value: true }),
      dataValue({ dataType: DataType.Boolean, value: false }),
      dataValue({
        dataType: DataType.Int64,
        value: [0xffffffff, 0xfffffffe],
        arrayType: VariantArrayType.Scalar,
      }),
      dataValue({ dataType: DataType.UInt64, value: [1, 5], arrayType: VariantArrayType.Scalar }),
    ].map((value) => readDataValue(value, 'PT-101', NOW));
    expect(values.map((result) => ('reading' in result ? result.reading.value : result))).toEqual([
      21.5,
      0.5,
      -7,
      4_000_000_000,
      1,
      0,
      -2,
      2 ** 32 + 5,
    ]);
    expect(values[0]).toEqual({ reading: { reference: 'PT-101', ts: T0, value: 21.5 } });
  });

  it('falls back to the server timestamp, then to the time of arrival', () => {
    const variant = { dataType: DataType.Double, value: 1 };
    const serverOnly = new DataValue({ value: new Variant(variant), serverTimestamp: new Date(T0 + 5) });
    expect(readDataValue(serverOnly, 'a', NOW)).toEqual({
      reading: { reference: 'a', ts: T0 + 5, value: 1 },
    });
    expect(readDataValue(new DataValue({ value: new Variant(variant) }), 'a', NOW)).toEqual({
      reading: { reference: 'a', ts: NOW, value: 1 },
    });
  });

  it('rejects Bad and Uncertain values with their status code', () => {
    const bad = dataValue(
      { dataType: DataType.Double, value: 0 },
      { statusCode: StatusCodes.BadSensorFailure },
    );
    expect(readDataValue(bad, 'PT-101', NOW)).toEqual({
      rejection: {
        reason: 'bad-quality',
        detail: expect.stringMatching(/^PT-101: BadSensorFailure \(.+\)$/),
        count: 1,
      },
    });
    const uncertain = dataValue(
      { dataType: DataType.Double, value: 0 },
      { statusCode: StatusCodes.UncertainLastUsableValue },
    );
    expect(readDataValue(uncertain, 'PT-101', NOW)).toMatchObject({
      rejection: { reason: 'uncertain-quality', detail: expect.stringContaining('UncertainLastUsableValue') },
    });
  });

  it('rejects text, arrays, empty and non-finite values, and timestamps out of range', () => {
    const rejected = [
      dataValue({ dataType: DataType.String, value: '21.5' }),
      dataValue({ dataType: DataType.Double, value: [1, 2], arrayType: VariantArrayType.Array }),
      dataValue({ dataType: DataType.Null, value: null }),
      dataValue({ dataType: DataType.Double, value: Number.NaN }),
      dataValue({ dataType: DataType.Double, value: 1 }, { sourceTimestamp: new Date(NOW + 2 * 86_400_000) }),
    ].map((value) => readDataValue(value, 'x', NOW));
    expect(rejected.map((result) => ('rejection' in result ? result.rejection.reason : 'kept'))).toEqual([
      'invalid-value',
      'invalid-value',
      'invalid-value',
      'invalid-value',
      'invalid-timestamp',
    ]);
    expect(rejected[0]).toMatchObject({
      rejection: { detail: 'x: String value "21.5" is not a finite number' },
    });
  });
});
