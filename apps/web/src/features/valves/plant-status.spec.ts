import { PLANT_TREE, STATUS_WITH_ALARMS } from './fixtures/valve-fixtures';
import { alarmCounters, errorsByAsset, statusTree } from './plant-status';

describe('plant status', () => {
  it('counts the alarms of drum A by valve type and in all', () => {
    expect(alarmCounters(STATUS_WITH_ALARMS)).toEqual({
      byType: { Gate: 2, Plug: 1, 'Switch plug': 0 },
      total: 3,
    });
    expect(alarmCounters(undefined).total).toBe(0);
  });

  it('gives each node of the tree the alarms beneath it', () => {
    const [drum] = statusTree(PLANT_TREE, errorsByAsset(STATUS_WITH_ALARMS));
    expect(drum.alarms).toBe(3);
    expect(drum.children?.map(({ label, alarms }) => [label, alarms])).toEqual([
      ['Gates', 2],
      ['Lift plugs', 1],
      ['Switches', 0],
    ]);
    expect(drum.children?.[0].children?.map(({ key, alarms }) => [key, alarms])).toEqual([
      ['gate01', 2],
      ['gate02', 0],
    ]);
  });
});
