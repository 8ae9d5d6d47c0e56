import { MEASUREMENT_MAX_FUTURE_MS, MEASUREMENT_MIN_TS } from '@plantlens/contracts';
import type { DataValue } from 'node-opcua-data-value';
import { DataType } from 'node-opcua-variant';
import { printable, type Reading, type Rejection } from '../shared/readings';

const NUMERIC_TYPES = new Set([
  DataType.SByte,
  DataType.Byte,
  DataType.Int16,
  DataType.UInt16,
  DataType.Int32,
  DataType.UInt32,
  DataType.Float,
  DataType.Double,
]);

/**
 * One data change notification of one node → a reading of its variable, or why it was rejected. Only Good
 * values are kept: the store has no quality column, so an Uncertain or Bad value would be indistinguishable
 * from a measured one. The time is the source timestamp (when the device measured it), else the server's,
 * else the time of arrival.
 */
export function readDataValue(
  dataValue: DataValue,
  reference: string,
  receivedAt: number,
): { reading: Reading } | { rejection: Rejection } {
  const status = dataValue.statusCode;
  if (!status.isGood()) {
    return {
      rejection: {
        reason: status.isBad() ? 'bad-quality' : 'uncertain-quality',
        detail: `${reference}: ${status.name} (${status.description})`,
        count: 1,
      },
    };
  }
  const ts = (dataValue.sourceTimestamp ?? dataValue.serverTimestamp)?.getTime() ?? receivedAt;
  if (ts < MEASUREMENT_MIN_TS || ts > receivedAt + MEASUREMENT_MAX_FUTURE_MS) {
    return {
      rejection: {
        reason: 'invalid-timestamp',
        detail: `${reference}: timestamp ${new Date(ts).toISOString()} is before 1970 or more than a day ahead`,
        count: 1,
      },
    };
  }
  const value = numericValue(dataValue);
  if (value === undefined || !Number.isFinite(value)) {
    const { dataType, value: raw } = dataValue.value;
    return {
      rejection: {
        reason: 'invalid-value',
        detail: `${reference}: ${DataType[dataType]} value ${printable(String(JSON.stringify(raw)), 40)} is not a finite number`,
        count: 1,
      },
    };
  }
  return { reading: { reference, ts, value } };
}

function numericValue({ value: variant }: DataValue): number | undefined {
  // Arrays and matrices of numbers are not one measurement.
  if (variant.arrayType !== undefined && variant.arrayType !== 0) return undefined;
  const raw: unknown = variant.value;
  if (variant.dataType === DataType.Boolean && typeof raw === 'boolean') return Number(raw);
  if (NUMERIC_TYPES.has(variant.dataType) && typeof raw === 'number') return raw;
  // node-opcua carries 64-bit integers as [high, low] 32-bit halves; above 2^53 the number is rounded.
  if ((variant.dataType === DataType.Int64 || variant.dataType === DataType.UInt64) && isHalves(raw)) {
    const high = variant.dataType === DataType.Int64 ? raw[0] | 0 : raw[0] >>> 0;
    return high * 2 ** 32 + (raw[1] >>> 0);
  }
  return undefined;
}

function isHalves(raw: unknown): raw is [number, number] {
  return Array.isArray(raw) && raw.length === 2 && raw.every((half) => typeof half === 'number');
}
