import { prepareBatch } from './measurement-batch';

const T0 = Date.UTC(2026, 0, 1);

describe('prepareBatch', () => {
  it('keeps the last point given for each (variable, ts)', () => {
    const { points } = prepareBatch([
      { variableId: 1, ts: T0, value: 1 },
      { variableId: 2, ts: T0, value: 5 },
      { variableId: 1, ts: T0, value: 2 },
      { variableId: 1, ts: T0 + 1000, value: 3 },
      { variableId: 1, ts: T0, value: 4 },
    ]);
    expect(points).toEqual([
      { variableId: 1, ts: T0, value: 4 },
      { variableId: 1, ts: T0 + 1000, value: 3 },
      { variableId: 2, ts: T0, value: 5 },
    ]);
  });

  it('lists the runs of 10 s buckets each variable touched, in any arrival order', () => {
    const at = (seconds: number) => T0 + seconds * 1000;
    const { touched } = prepareBatch([
      { variableId: 7, ts: at(35), value: 0 },
      { variableId: 7, ts: at(1), value: 0 },
      { variableId: 7, ts: at(12), value: 0 },
      { variableId: 7, ts: at(19.999), value: 0 },
      { variableId: 7, ts: at(3600), value: 0 },
      { variableId: 8, ts: at(9), value: 0 },
    ]);
    expect(touched).toEqual([
      { variableId: 7, fromMs: at(0), toMs: at(20) },
      { variableId: 7, fromMs: at(30), toMs: at(40) },
      { variableId: 7, fromMs: at(3600), toMs: at(3610) },
      { variableId: 8, fromMs: at(0), toMs: at(10) },
    ]);
  });

  it('makes one range of a long ordered stream', () => {
    const points = Array.from({ length: 5000 }, (_, i) => ({ variableId: 3, ts: T0 + i * 1000, value: i }));
    expect(prepareBatch(points).touched).toEqual([{ variableId: 3, fromMs: T0, toMs: T0 + 5_000_000 }]);
  });
});
