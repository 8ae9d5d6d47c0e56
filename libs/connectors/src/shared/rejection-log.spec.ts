import { RejectionLog } from './rejection-log';

describe('RejectionLog', () => {
  it('counts every rejected point and logs each reason at most every 10 s, summing up the ones it held back', () => {
    const lines: string[] = [];
    const log = new RejectionLog({ warn: (message) => lines.push(message) });
    const bad = {
      reason: 'invalid-value' as const,
      detail: 'value "x" of a is not a finite number',
      count: 1,
    };
    log.record(bad, 'topic "plant/a"', 0);
    log.record({ ...bad, count: 4 }, 'topic "plant/a"', 1_000);
    log.record({ reason: 'malformed-payload', detail: 'empty payload', count: 1 }, 'node "ns=2;s=B"', 2_000);
    log.record(bad, 'topic "plant/a"', 9_999);
    log.record(bad, 'topic "plant/a"', 10_000);
    expect(log.counts).toEqual({ 'invalid-value': 7, 'malformed-payload': 1 });
    expect(lines).toEqual([
      'Rejected 1 point (invalid-value) on topic "plant/a": value "x" of a is not a finite number',
      'Rejected 1 point (malformed-payload) on node "ns=2;s=B": empty payload',
      'Rejected 1 point (invalid-value) on topic "plant/a": value "x" of a is not a finite number [5 more invalid-value since the last report]',
    ]);
  });
});
