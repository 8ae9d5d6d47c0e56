import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigurationError, fastifyTrustProxy, loadPlatformConfig } from './platform-config';

describe('loadPlatformConfig', () => {
  const problems = (environment: Record<string, string>) => {
    try {
      loadPlatformConfig(environment);
    } catch (error) {
      return (error as ConfigurationError).problems;
    }
    return [];
  };

  it('gives the standalone defaults for an empty environment', () => {
    const config = loadPlatformConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.KAFKA_BROKERS).toBeUndefined();
  });

  it('parses broker lists, flags and numbers', () => {
    const config = loadPlatformConfig({
      KAFKA_BROKERS: 'kafka-0:9092, kafka-1:9092',
      SIMULATOR_ENABLED: 'yes',
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/plantlens',
    });
    expect(config.KAFKA_BROKERS).toEqual(['kafka-0:9092', 'kafka-1:9092']);
    expect(config.SIMULATOR_ENABLED).toBe(true);
    expect(config.PORT).toBe(8080);
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadPlatformConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x/y', KAFKA_BROKERS: 'no-port' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    const problems = (error as ConfigurationError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL: must be a postgres or postgresql URL/);
    expect(problems).toMatch(/KAFKA_BROKERS: must be a comma-separated list of host:port/);
  });

  it('takes a METRICS_TOKEN of at least 16 characters, and none by default', () => {
    expect(loadPlatformConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadPlatformConfig({ METRICS_TOKEN: 'a'.repeat(16) }).METRICS_TOKEN).toBe('a'.repeat(16));
    expect(problems({ METRICS_TOKEN: 'short-token' })).toEqual([
      'METRICS_TOKEN: must be at least 16 characters',
    ]);
  });

  it('reads CORS_ORIGINS as a list of bare origins', () => {
    expect(loadPlatformConfig({}).CORS_ORIGINS).toBeUndefined();
    expect(
      loadPlatformConfig({ CORS_ORIGINS: 'https://plant.example.com, http://localhost:4200' }).CORS_ORIGINS,
    ).toEqual(['https://plant.example.com', 'http://localhost:4200']);
    for (const bad of [
      'https://plant.example.com/app',
      'plant.example.com',
      'ftp://plant.example.com',
      '*',
    ]) {
      expect(problems({ CORS_ORIGINS: bad })).toEqual([
        'CORS_ORIGINS: must be a comma-separated list of origins such as https://plant.example.com',
      ]);
    }
  });

  it('treats empty values as unset', () => {
    expect(loadPlatformConfig({ PORT: '' }).PORT).toBe(3000);
  });

  it('keeps rollups at least as long as raw points', () => {
    expect(loadPlatformConfig({}).RAW_RETENTION_DAYS).toBe(0);
    expect(loadPlatformConfig({}).ROLLUP_RETENTION_DAYS).toBe(0);
    expect(
      loadPlatformConfig({ RAW_RETENTION_DAYS: '30', ROLLUP_RETENTION_DAYS: '30' }).RAW_RETENTION_DAYS,
    ).toBe(30);
    expect(() => loadPlatformConfig({ RAW_RETENTION_DAYS: '30', ROLLUP_RETENTION_DAYS: '10' })).toThrow(
      /ROLLUP_RETENTION_DAYS: must be 0 \(forever\) or at least RAW_RETENTION_DAYS/,
    );
    expect(() => loadPlatformConfig({ RAW_RETENTION_DAYS: '0', ROLLUP_RETENTION_DAYS: '3650' })).toThrow(
      ConfigurationError,
    );
  });

  it('reads the plant time zone as an IANA zone, UTC by default', () => {
    expect(loadPlatformConfig({}).PLANT_TIME_ZONE).toBe('UTC');
    expect(loadPlatformConfig({ PLANT_TIME_ZONE: 'Europe/Madrid' }).PLANT_TIME_ZONE).toBe('Europe/Madrid');
    expect(() => loadPlatformConfig({ PLANT_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /PLANT_TIME_ZONE: must be an IANA time zone/,
    );
  });

  it('bounds the correlation settings', () => {
    const defaults = loadPlatformConfig({});
    expect([defaults.CORRELATION_MAX_POINTS, defaults.CORRELATION_ASOF_MAX_AGE_SECONDS]).toEqual([
      100_000, 3600,
    ]);
    expect(() => loadPlatformConfig({ CORRELATION_MAX_POINTS: '1' })).toThrow(/CORRELATION_MAX_POINTS/);
    expect(() => loadPlatformConfig({ CORRELATION_ASOF_MAX_AGE_SECONDS: '0' })).toThrow(
      /CORRELATION_ASOF_MAX_AGE_SECONDS/,
    );
  });

  it('reads TRUST_PROXY as off, true, a hop count or a list of addresses and CIDRs', () => {
    const trust = (value?: string) =>
      loadPlatformConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust()).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(problems({ TRUST_PROXY: '10.0.0.0/33,ingress' })).toEqual([
      'TRUST_PROXY: must be true, a hop count or a comma-separated list of addresses or CIDRs (not 10.0.0.0/33, ingress)',
    ]);
    const hops = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => hops('10.0.0.1', hop))).toEqual([true, true, false]);
  });

  it('bounds the as-of age of aggregate variables', () => {
    expect(loadPlatformConfig({}).AGGREGATE_ASOF_MAX_AGE_SECONDS).toBe(3600);
    expect(() => loadPlatformConfig({ AGGREGATE_ASOF_MAX_AGE_SECONDS: '0' })).toThrow(
      /AGGREGATE_ASOF_MAX_AGE_SECONDS/,
    );
  });

  it("bounds the simulator's hours of valve detail", () => {
    expect(loadPlatformConfig({}).SIMULATOR_VALVE_DETAIL_HOURS).toBe(12);
    expect(loadPlatformConfig({ SIMULATOR_VALVE_DETAIL_HOURS: '168' }).SIMULATOR_VALVE_DETAIL_HOURS).toBe(
      168,
    );
    expect(() => loadPlatformConfig({ SIMULATOR_VALVE_DETAIL_HOURS: '-1' })).toThrow(
      /SIMULATOR_VALVE_DETAIL_HOURS/,
    );
    expect(() => loadPlatformConfig({ SIMULATOR_VALVE_DETAIL_HOURS: 'a day' })).toThrow(
      /SIMULATOR_VALVE_DETAIL_HOURS/,
    );
  });

  it("bounds the valve screens' current window and historic cap", () => {
    const defaults = loadPlatformConfig({});
    expect([defaults.VALVES_CURRENT_WINDOW_HOURS, defaults.VALVES_HISTORIC_MAX_ACTUATIONS]).toEqual([
      24, 400,
    ]);
    expect(() => loadPlatformConfig({ VALVES_CURRENT_WINDOW_HOURS: '0' })).toThrow(
      /VALVES_CURRENT_WINDOW_HOURS/,
    );
    expect(() => loadPlatformConfig({ VALVES_HISTORIC_MAX_ACTUATIONS: 'all' })).toThrow(
      /VALVES_HISTORIC_MAX_ACTUATIONS/,
    );
  });

  describe('MQTT connector', () => {
    it('is off without MQTT_URL and takes its defaults with it', () => {
      expect(loadPlatformConfig({}).MQTT_URL).toBeUndefined();
      const config = loadPlatformConfig({
        MQTT_URL: 'mqtt://broker:1883',
        MQTT_TOPICS: ' plant/+/pt101 , site/# ',
      });
      expect(config.MQTT_TOPICS).toEqual(['plant/+/pt101', 'site/#']);
      expect(config.MQTT_CLIENT_ID).toBe('plantlens-mqtt');
      expect(config.MQTT_REFERENCE_FROM).toBe('topic');
      expect(config.MQTT_DECLARE_UNKNOWN).toBe(true);
      expect([config.MQTT_BATCH_POINTS, config.MQTT_BATCH_MS, config.MQTT_BUFFER_POINTS]).toEqual([
        5_000, 200, 100_000,
      ]);
    });

    it('names every problem of an MQTT configuration', () => {
      expect(problems({ MQTT_URL: 'http://broker' })).toEqual([
        'MQTT_URL: must be a mqtt or mqtts or ws or wss URL',
      ]);
      expect(problems({ MQTT_URL: 'mqtt://broker' })).toEqual([
        'MQTT_TOPICS: is required when MQTT_URL is set',
      ]);
      expect(problems({ MQTT_URL: 'mqtt://broker', MQTT_TOPICS: 'plant/#/pt101' })).toEqual([
        'MQTT_TOPICS: a "+" or "#" must fill a whole topic level, and "#" must be the last level',
      ]);
      expect(problems({ MQTT_URL: 'mqtt://broker', MQTT_TOPICS: 'plant/a+' })).toHaveLength(1);
      expect(
        problems({
          MQTT_URL: 'mqtt://broker',
          MQTT_TOPICS: 'plant/#',
          MQTT_PASSWORD: 'secret',
          MQTT_BATCH_POINTS: '500',
          MQTT_BUFFER_POINTS: '100',
        }),
      ).toEqual([
        'MQTT_USERNAME: is required when MQTT_PASSWORD is set',
        'MQTT_BUFFER_POINTS: must be at least MQTT_BATCH_POINTS',
      ]);
    });
  });

  describe('OPC UA connector', () => {
    it('is off without OPCUA_URL and reads OPCUA_NODES inline or from a file', () => {
      expect(loadPlatformConfig({}).OPCUA_URL).toBeUndefined();
      const nodes = { 'ns=2;s=Boiler.PT101': 'PT-101', 'ns=3;i=1001': 'Flow, line 1 [m3/h]' };
      const inline = loadPlatformConfig({
        OPCUA_URL: 'opc.tcp://plc:4840',
        OPCUA_NODES: JSON.stringify(nodes),
      });
      expect(inline.OPCUA_NODES).toEqual([
        { nodeId: 'ns=2;s=Boiler.PT101', reference: 'PT-101' },
        { nodeId: 'ns=3;i=1001', reference: 'Flow, line 1 [m3/h]' },
      ]);
      expect([
        inline.OPCUA_SAMPLING_INTERVAL_MS,
        inline.OPCUA_PUBLISHING_INTERVAL_MS,
        inline.OPCUA_DEADBAND,
        inline.OPCUA_DECLARE_UNKNOWN,
      ]).toEqual([1000, 1000, 'none', true]);
      const directory = mkdtempSync(join(tmpdir(), 'opcua-nodes-'));
      try {
        const file = join(directory, 'nodes.json');
        writeFileSync(file, JSON.stringify(nodes));
        expect(
          loadPlatformConfig({ OPCUA_URL: 'opc.tcp://plc:4840', OPCUA_NODES: file }).OPCUA_NODES,
        ).toEqual(inline.OPCUA_NODES);
      } finally {
        rmSync(directory, { recursive: true });
      }
    });

    it('names every problem of an OPC UA configuration', () => {
      const url = 'opc.tcp://plc:4840';
      expect(problems({ OPCUA_URL: 'http://plc' })).toEqual(['OPCUA_URL: must be a opc.tcp URL']);
      expect(problems({ OPCUA_URL: url })).toEqual(['OPCUA_NODES: is required when OPCUA_URL is set']);
      expect(problems({ OPCUA_URL: url, OPCUA_NODES: '{"ns=2;s=A": "a",}' })).toEqual([
        expect.stringMatching(/^OPCUA_NODES: is not valid JSON/),
      ]);
      expect(problems({ OPCUA_URL: url, OPCUA_NODES: '/no/such/nodes.json' })).toEqual([
        expect.stringMatching(/^OPCUA_NODES: is neither a JSON object nor a readable file/),
      ]);
      expect(problems({ OPCUA_URL: url, OPCUA_NODES: '{"Boiler.PT101": "a"}' })).toEqual([
        'OPCUA_NODES: "Boiler.PT101" is not an OPC UA node id (such as ns=2;s=Boiler.PT101 or ns=3;i=1001)',
      ]);
      expect(problems({ OPCUA_URL: url, OPCUA_NODES: '{"ns=2;s=A": " a"}' })).toEqual([
        'OPCUA_NODES: the client reference of "ns=2;s=A" must be text of 1 to 200 printable characters, no blank at either end',
      ]);
      expect(problems({ OPCUA_URL: url, OPCUA_NODES: '{"ns=2;s=A": "x", "ns=2;i=7": "x"}' })).toEqual([
        'OPCUA_NODES: "ns=2;s=A" and "ns=2;i=7" both map to "x"',
      ]);
      expect(
        problems({
          OPCUA_URL: url,
          OPCUA_NODES: '{"ns=2;s=A": "a"}',
          OPCUA_PASSWORD: 'secret',
          OPCUA_DEADBAND: 'percent',
          OPCUA_DEADBAND_VALUE: '150',
        }),
      ).toEqual([
        'OPCUA_USERNAME: is required when OPCUA_PASSWORD is set',
        'OPCUA_DEADBAND_VALUE: must be at most 100 with OPCUA_DEADBAND=percent',
      ]);
    });
  });
});
