import { addressForLog, reconnectDelayMs } from './connection';

describe('reconnectDelayMs', () => {
  it('doubles from 1 s up to 30 s, within ±20 %', () => {
    for (const [attempt, base] of [
      [1, 1_000],
      [2, 2_000],
      [5, 16_000],
      [6, 30_000],
      [20, 30_000],
    ] as const) {
      const delay = reconnectDelayMs(attempt);
      expect(delay).toBeGreaterThanOrEqual(base * 0.8);
      expect(delay).toBeLessThanOrEqual(base * 1.2);
    }
  });
});

describe('addressForLog', () => {
  it('leaves credentials out', () => {
    expect(addressForLog('mqtts://user:secret@broker.plant:8883/x')).toBe('mqtts://broker.plant:8883');
    expect(addressForLog('opc.tcp://operator:secret@plc1:4840')).toBe('opc.tcp://plc1:4840');
  });
});
