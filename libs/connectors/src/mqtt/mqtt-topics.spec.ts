import { matchesTopicFilters, topicReference } from './mqtt-topics';

describe('topicReference', () => {
  it('writes the whole topic with dots by default', () => {
    expect(topicReference('plant1/boiler/PT-101', 'topic')).toEqual({ reference: 'plant1.boiler.PT-101' });
  });

  it('takes only the last level when asked', () => {
    expect(topicReference('plant1/boiler/PT-101', 'last-level')).toEqual({ reference: 'PT-101' });
    expect(topicReference('gate01_torque', 'last-level')).toEqual({ reference: 'gate01_torque' });
  });

  it('keeps spaces and other printable characters of a topic as they are', () => {
    expect(topicReference('plant 1/Flow [m3/h]', 'last-level')).toEqual({ reference: 'h]' });
    expect(topicReference('plant 1/Flow (m³·h⁻¹)', 'topic')).toEqual({ reference: 'plant 1.Flow (m³·h⁻¹)' });
  });

  it('refuses a topic that gives no valid client reference instead of rewriting it', () => {
    expect(topicReference('plant/flow ', 'topic')).toEqual({
      problem: expect.stringContaining(
        'topic "plant/flow " gives no valid client reference (client reference must not begin or end with a blank)',
      ),
    });
    expect(topicReference('plant/', 'last-level')).toEqual({ problem: expect.stringContaining('"plant/"') });
    expect(topicReference(`a/${'x'.repeat(200)}`, 'topic')).toHaveProperty('problem');
  });
});

describe('matchesTopicFilters', () => {
  const cases: [string, string, boolean][] = [
    ['plant/boiler/pt101', 'plant/boiler/pt101', true],
    ['plant/boiler/pt101', 'plant/+/pt101', true],
    ['plant/boiler/pt101', 'plant/#', true],
    ['plant', 'plant/#', true],
    ['plant/boiler/pt101', '#', true],
    ['plant/boiler/pt101', 'plant/+', false],
    ['plant/boiler', 'plant/boiler/+', false],
    ['other/boiler/pt101', 'plant/#', false],
    ['$SYS/broker/uptime', '#', false],
    ['$SYS/broker/uptime', '$SYS/#', true],
    ['plant/boiler/pt101', '$share/plantlens/plant/+/pt101', true],
  ];
  it.each(cases)('%s under %s: %s', (topic, filter, expected) => {
    expect(matchesTopicFilters(topic, [filter])).toBe(expected);
  });

  it('matches when any one filter does', () => {
    expect(matchesTopicFilters('b/1', ['a/#', 'b/+'])).toBe(true);
  });
});
