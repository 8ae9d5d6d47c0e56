import { timeZoneSchema } from '@plantlens/contracts';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const url = (protocols: string[]) =>
  z.url().refine((value) => protocols.some((protocol) => value.startsWith(`${protocol}:`)), {
    message: `must be a ${protocols.join(' or ')} URL`,
  });

// A comma-separated setting, as a list of its non-blank entries.
const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
);

const brokerList = commaList.refine(
  (brokers) => brokers.length > 0 && brokers.every((broker) => /^[^\s:]+:\d{1,5}$/.test(broker)),
  {
    message: 'must be a comma-separated list of host:port',
  },
);

// MQTT topic filters: `+` stands for one whole level, `#` for the rest and only as the last level.
const mqttTopicFilters = commaList
  .refine((filters) => filters.length > 0, { message: 'must list at least one topic filter' })
  .refine(
    (filters) =>
      filters.every((filter) =>
        filter
          .split('/')
          .every(
            (level, index, levels) =>
              (!level.includes('+') || level === '+') &&
              (!level.includes('#') || (level === '#' && index === levels.length - 1)),
          ),
      ),
    { message: 'a "+" or "#" must fill a whole topic level, and "#" must be the last level' },
  );

// OPC UA node ids in their string form: an optional namespace (`ns=2;` or `nsu=<uri>;`) and a numeric,
// string, GUID or opaque identifier (`i=1001`, `s=Boiler.PT101`, `g=<guid>`, `b=<base64>`).
const OPCUA_NODE_ID =
  /^(?:ns=\d{1,5};|nsu=[^;]+;)?(?:i=\d{1,10}|s=.+|g=[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|b=[A-Za-z0-9+/]+={0,2})$/is;
// Client references as in libs/contracts (variable.ts): printable, no blank at either end, at most 200.
const clientReferenceLike = (reference: string) =>
  reference.length > 0 &&
  reference.length <= 200 &&
  reference.trim() === reference &&
  !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(reference);

/**
 * OPCUA_NODES: a JSON object of node id → client reference, inline (it starts with `{`) or in the file
 * it names (a mounted ConfigMap). Both ids and references may hold any character (`,`, `=`, `;`), which
 * a list syntax could not carry. Two nodes may not share a reference: they would fold into one variable.
 */
const opcuaNodes = z.string().transform((value, context) => {
  const fail = (message: string) => {
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  let text = value.trim();
  if (!text.startsWith('{')) {
    try {
      text = readFileSync(text, 'utf8');
    } catch (error) {
      return fail(`is neither a JSON object nor a readable file (${(error as Error).message})`);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return fail(`is not valid JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return fail('must be a JSON object of node id → client reference');
  const entries = Object.entries(parsed);
  if (entries.length === 0) return fail('must list at least one node');
  const nodeOf = new Map<string, string>();
  for (const [nodeId, reference] of entries) {
    if (!OPCUA_NODE_ID.test(nodeId))
      return fail(`"${nodeId}" is not an OPC UA node id (such as ns=2;s=Boiler.PT101 or ns=3;i=1001)`);
    if (typeof reference !== 'string' || !clientReferenceLike(reference))
      return fail(
        `the client reference of "${nodeId}" must be text of 1 to 200 printable characters, no blank at either end`,
      );
    const other = nodeOf.get(reference);
    if (other !== undefined) return fail(`"${other}" and "${nodeId}" both map to "${reference}"`);
    nodeOf.set(reference, nodeId);
  }
  return entries.map(([nodeId, reference]) => ({ nodeId, reference: reference as string }));
});

// Browser origins (`https://host[:port]`) allowed to call the API from another site; none by default.
const originList = commaList.refine((origins) => origins.length > 0 && origins.every(isOrigin), {
  message: 'must be a comma-separated list of origins such as https://plant.example.com',
});

function isOrigin(value: string): boolean {
  try {
    const parsed = new URL(value);
    return ['http:', 'https:'].includes(parsed.protocol) && parsed.origin === value;
  } catch {
    return false;
  }
}

// PEM text from a variable or a Kubernetes secret; `\n` escapes are accepted for one-line values.
const pem = (label: string) =>
  z
    .string()
    .transform((value) => value.replace(/\\n/g, '\n').trim())
    .refine((value) => value.includes(`-----BEGIN ${label}-----`), {
      message: `must be a PEM block (-----BEGIN ${label}-----)`,
    });

// Every setting of every service, read once from the environment at start-up (see docs/configuration.md
// "Configuration").
// Which peers may name the client in X-Forwarded-For (Fastify's trustProxy): "true" (any: only behind a
// proxy that overwrites the header), a hop count, or addresses / CIDRs / proxy-addr's names (loopback,
// linklocal, uniquelocal). Unset: nobody, the client is the socket's peer.
const PROXY_ADDRESS_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (PROXY_ADDRESS_NAMES.includes(entry)) return true;
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};
const trustProxy = z.string().transform((value, context): boolean | number | string[] => {
  const trimmed = value.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false' || trimmed === '') return false;
  if (/^\d{1,2}$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `must be true, a hop count or a comma-separated list of addresses or CIDRs (not ${wrong.join(', ')})`,
    });
    return z.NEVER;
  }
  return entries;
});

/** TRUST_PROXY as Fastify's trustProxy option: a hop count trusts that many proxies nearest to us. */
export function fastifyTrustProxy(
  setting: PlatformConfig['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
  LOG_FORMAT: z.enum(['json', 'text']).default('json'),
  // PostgreSQL when set; otherwise the embedded PGlite database in DATA_DIR.
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  // Time-series retention in days, 0 = keep forever: raw points, and the rollups (10 s … 1 day summaries)
  // that keep old ranges explorable after their raw points are gone.
  // Raw points are kept forever by default, so that years of history can be imported (docs/time-series.md
  // "Retention" gives the size cost).
  RAW_RETENTION_DAYS: z.coerce.number().int().min(0).max(100_000).default(0),
  ROLLUP_RETENTION_DAYS: z.coerce.number().int().min(0).max(100_000).default(0),
  // The plant's zone (IANA): the CSV uploader reads times written without a zone in it unless the upload
  // names another.
  PLANT_TIME_ZONE: timeZoneSchema.default('UTC'),
  // Kafka when set; otherwise the in-memory bus (only valid when every module runs in one process).
  KAFKA_BROKERS: brokerList.optional(),
  KAFKA_CLIENT_ID: z.string().min(1).default('plantlens'),
  // Put before every consumer group's name (`<prefix>-variables`), so that several installations or test
  // runs sharing one broker each read every message in groups of their own. Unset: the plain names.
  KAFKA_GROUP_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,100}$/, { message: 'must be 1 to 100 letters, digits, ".", "_" or "-"' })
    .optional(),
  // Partitions of topics the services create on a new broker; the consumers of one group share them.
  KAFKA_TOPIC_PARTITIONS: z.coerce.number().int().min(1).max(1000).default(6),
  // standalone: the gateway hosts every domain module; cluster: it routes /api/* to the services.
  GATEWAY_MODE: z.enum(['standalone', 'cluster']).default('standalone'),
  WEB_ROOT: z.string().min(1).default('apps/web/dist'),
  // CORS: the only origins whose pages may call the API (docs/configuration.md); unset, CORS stays closed.
  CORS_ORIGINS: originList.optional(),
  // The user manual PDFs (user-manual-<language>.pdf) the gateway serves; the gateway build writes them.
  USER_MANUAL_DIR: z.string().min(1).default('apps/gateway/dist/manual'),
  // Where the gateway (cluster mode) and the simulator find the services.
  IDENTITY_URL: url(['http', 'https']).optional(),
  VARIABLES_URL: url(['http', 'https']).optional(),
  RULES_URL: url(['http', 'https']).optional(),
  VALVES_URL: url(['http', 'https']).optional(),
  SIMULATOR_ENABLED: flag.default(false),
  SIMULATOR_SEED: z.coerce.number().int().default(42),
  SIMULATOR_BACKFILL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 366)
    // A week: the explorer's default range, published in seconds.
    .default(168),
  SIMULATOR_BACKFILL_STEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // The last hours of the backfill in which valve signals are also published every second around each
  // ramp, so actuations show in history. Each hour adds about 57 000 points: 12 h cost some 1.4 times
  // the plain week's backfill, the whole week some 10 times (docs/configuration.md "Configuration").
  SIMULATOR_VALVE_DETAIL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 366)
    .default(12),
  SIMULATOR_LIVE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(1),
  // MQTT connector (libs/connectors), hosted where the simulator is; on when MQTT_URL is set.
  MQTT_URL: url(['mqtt', 'mqtts', 'ws', 'wss']).optional(),
  MQTT_TOPICS: mqttTopicFilters.optional(),
  MQTT_USERNAME: z.string().min(1).optional(),
  MQTT_PASSWORD: z.string().min(1).optional(),
  // Fixed, so the broker keeps this connector's persistent session (and its queued messages) across restarts.
  // MQTT 3.1.1 brokers must accept up to 23 characters; most (Mosquitto among them) accept more.
  MQTT_CLIENT_ID: z.string().min(1).max(65_535).default('plantlens-mqtt'),
  // The variable client reference of a topic: the whole topic with '/' as '.', or only its last level.
  MQTT_REFERENCE_FROM: z.enum(['topic', 'last-level']).default('topic'),
  // Declare variables seen for the first time (as the simulator does), or count their points as rejected.
  MQTT_DECLARE_UNKNOWN: flag.default(true),
  MQTT_BATCH_POINTS: z.coerce.number().int().min(1).max(100_000).default(5_000),
  MQTT_BATCH_MS: z.coerce.number().int().min(1).max(60_000).default(200),
  // Points held before the connector stops reading from the broker (back-pressure).
  MQTT_BUFFER_POINTS: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  // OPC UA connector (libs/connectors), hosted where the simulator is; on when OPCUA_URL is set.
  OPCUA_URL: url(['opc.tcp']).optional(),
  OPCUA_NODES: opcuaNodes.optional(),
  OPCUA_USERNAME: z.string().min(1).optional(),
  OPCUA_PASSWORD: z.string().min(1).optional(),
  // How often the server samples each node, and how often it sends what changed (milliseconds).
  OPCUA_SAMPLING_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  OPCUA_PUBLISHING_INTERVAL_MS: z.coerce.number().int().min(10).max(3_600_000).default(1000),
  // Data change filter: report a value only when it moved by more than OPCUA_DEADBAND_VALUE (absolute, in
  // the node's unit, or percent of its EURange). Servers that do not support it get no filter (logged).
  OPCUA_DEADBAND: z.enum(['none', 'absolute', 'percent']).default('none'),
  OPCUA_DEADBAND_VALUE: z.coerce.number().min(0).default(0),
  OPCUA_DECLARE_UNKNOWN: flag.default(true),
  OPCUA_BATCH_MS: z.coerce.number().int().min(1).max(60_000).default(200),
  // Points held before new values are rejected (buffer-full): an OPC UA server cannot be told to wait.
  OPCUA_BUFFER_POINTS: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  // Where the client keeps its application certificate (created at the first start), also with security None.
  OPCUA_PKI_DIR: z.string().min(1).default(join(tmpdir(), 'plantlens-opcua-pki')),
  // Most points correlation-data returns per variable; a denser X series is averaged into time buckets.
  CORRELATION_MAX_POINTS: z.coerce.number().int().min(2).max(10_000_000).default(100_000),
  // How old the Y/Z value paired as-of an X point may be; an older one (a stalled sensor) drops the pair.
  CORRELATION_ASOF_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(366 * 86_400)
    .default(3600),
  // Aggregate variables (docs/aggregate-variables.md): how old an input's value used as-of an output
  // instant may be; an older one (a stalled sensor) leaves the instant without a point.
  AGGREGATE_ASOF_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(366 * 86_400)
    .default(3600),
  // Live aggregates (docs/aggregate-variables.md "Live"): how often the calculator looks for instants that wait
  // for an input which stood still over two looks (calculated without it: at most three periods late).
  AGGREGATE_LIVE_WAIT_SECONDS: z.coerce.number().min(0.05).max(3600).default(5),
  // Read cache of the variables service (docs/read-cache.md): most entries kept (the oldest go first; 0 turns
  // the cache off), largest answer stored, and how far behind the present a range must end to be cached.
  READ_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(1000),
  READ_CACHE_MAX_ENTRY_BYTES: z.coerce.number().int().min(1).max(1_000_000_000).default(8_000_000),
  READ_CACHE_SETTLE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 86_400)
    .default(300),
  // Rules engine instances: each evaluates the rules whose id modulo RULES_ENGINE_SHARDS is its
  // RULES_ENGINE_SHARD, reading every partition of the measurement topics (see docs/rules-and-incidences.md).
  RULES_ENGINE_SHARDS: z.coerce.number().int().min(1).max(1000).default(1),
  RULES_ENGINE_SHARD: z.coerce.number().int().min(0).max(999).default(0),
  // Valve monitor: an actuation whose torque or pressure has not arrived through its end is analysed anyway
  // (with what did arrive) once its valve's opening signal has run this far past the end.
  VALVES_SIGNAL_WAIT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  // Valve monitor: how long the points of a variable id the variables service does not know (yet) are
  // dropped before it is asked again.
  VALVES_UNKNOWN_VARIABLE_RETRY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  // Valve screens: the current status lists the asset errors whose actuation ended within this many hours
  // up to the latest valve data (not the wall clock, so a plant whose data stopped still shows its last day).
  VALVES_CURRENT_WINDOW_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 366)
    .default(24),
  // Valve screens: most actuations per operation in a historic analysis answer; more in the range are
  // thinned evenly over it (README of libs/valves, "Calls").
  VALVES_HISTORIC_MAX_ACTUATIONS: z.coerce.number().int().min(1).max(100_000).default(400),
  // The address users open Plantlens at, for links in e-mails.
  PUBLIC_URL: url(['http', 'https']).default('http://localhost:3000'),
  // E-mail of incidences (nodemailer over SMTP); without SMTP_HOST e-mails are kept as failed, not sent.
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(587),
  // true: TLS from the first byte (port 465); false: STARTTLS when the server offers it.
  SMTP_SECURE: flag.default(false),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  SMTP_FROM: z.string().min(3).default('Plantlens <plantlens@localhost>'),
  // Most e-mails per rule within the window; openings beyond it are counted in the next e-mail.
  NOTIFICATION_RULE_MAX_EMAILS: z.coerce.number().int().min(1).max(10_000).default(10),
  NOTIFICATION_RULE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  // A failed delivery is retried after this delay, doubling up to 15 minutes, at most this many times.
  NOTIFICATION_RETRY_INITIAL_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  NOTIFICATION_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(20),
  // Access tokens are Ed25519 JWTs: identity signs with AUTH_SIGNING_KEY (PKCS8), every service verifies with
  // AUTH_VERIFY_KEY (SPKI). With neither set, a key pair is generated once into DATA_DIR/keys and reused.
  AUTH_SIGNING_KEY: pem('PRIVATE KEY').optional(),
  AUTH_VERIFY_KEY: pem('PUBLIC KEY').optional(),
  AUTH_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  AUTH_REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(90 * 86_400)
    .default(7 * 86_400),
  // Credential of data sources (simulator, connectors) that declare variables; generated into DATA_DIR/keys when unset.
  SERVICE_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  // Bearer token Prometheus presents at GET /metrics (docs/operations.md "Metrics"); unset, /metrics answers 404.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Password of the super admin created on first start; generated and printed once when unset.
  SUPERADMIN_PASSWORD: z.string().min(6).optional(),
  // Sign-in throttling (docs/security.md "Sign-in throttling"): failures per (user name, client address) and
  // per client address beyond these answer 429 with a Retry-After doubling from 2 s up to the window; failures
  // per user name alone beyond the last one only delay the answer. Counts end a window after the last failure.
  LOGIN_FREE_FAILURES_PER_USER_AND_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(5),
  LOGIN_FREE_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  LOGIN_SLOWDOWN_FAILURES_PER_USER: z.coerce.number().int().min(1).max(100_000).default(100),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  TRUST_PROXY: trustProxy.default(false),
  // Directory sign-in (OpenID Connect, e.g. Azure AD); on when OIDC_ISSUER_URL is set.
  OIDC_ISSUER_URL: url(['http', 'https']).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_REDIRECT_URI: url(['http', 'https']).optional(),
  // The claim of the ID token that holds the user's directory id (Azure AD: oid).
  OIDC_DIRECTORY_ID_CLAIM: z.string().min(1).default('oid'),
});

export type PlatformConfig = z.infer<typeof environmentSchema>;

export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

// Empty strings count as unset so `FOO=` in a manifest means "use the default".
export function loadPlatformConfig(
  environment: Record<string, string | undefined>,
  overrides: Partial<Record<keyof PlatformConfig, string>> = {},
): PlatformConfig {
  const known = Object.keys(environmentSchema.shape);
  const input = Object.fromEntries(
    known
      .map((key) => [key, overrides[key as keyof PlatformConfig] ?? environment[key]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = environmentSchema.safeParse(input);
  if (!result.success) {
    throw new ConfigurationError(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const config = result.data;
  const rollupsOutliveRaw =
    config.ROLLUP_RETENTION_DAYS === 0 ||
    (config.RAW_RETENTION_DAYS !== 0 && config.ROLLUP_RETENTION_DAYS >= config.RAW_RETENTION_DAYS);
  const problems = [
    config.OIDC_ISSUER_URL &&
      !config.OIDC_CLIENT_ID &&
      'OIDC_CLIENT_ID: is required when OIDC_ISSUER_URL is set',
    config.MQTT_URL && !config.MQTT_TOPICS && 'MQTT_TOPICS: is required when MQTT_URL is set',
    // MQTT 3.1.1 allows a password only together with a user name.
    config.MQTT_PASSWORD && !config.MQTT_USERNAME && 'MQTT_USERNAME: is required when MQTT_PASSWORD is set',
    config.OPCUA_URL && !config.OPCUA_NODES && 'OPCUA_NODES: is required when OPCUA_URL is set',
    config.OPCUA_PASSWORD &&
      !config.OPCUA_USERNAME &&
      'OPCUA_USERNAME: is required when OPCUA_PASSWORD is set',
    config.OPCUA_DEADBAND === 'percent' &&
      config.OPCUA_DEADBAND_VALUE > 100 &&
      'OPCUA_DEADBAND_VALUE: must be at most 100 with OPCUA_DEADBAND=percent',
    config.RULES_ENGINE_SHARD >= config.RULES_ENGINE_SHARDS &&
      'RULES_ENGINE_SHARD: must be below RULES_ENGINE_SHARDS',
    config.SMTP_PASSWORD && !config.SMTP_USER && 'SMTP_USER: is required when SMTP_PASSWORD is set',
    config.MQTT_BUFFER_POINTS < config.MQTT_BATCH_POINTS &&
      'MQTT_BUFFER_POINTS: must be at least MQTT_BATCH_POINTS',
    !rollupsOutliveRaw &&
      'ROLLUP_RETENTION_DAYS: must be 0 (forever) or at least RAW_RETENTION_DAYS (rollups outlive raw points)',
  ].filter((problem): problem is string => typeof problem === 'string');
  if (problems.length > 0) throw new ConfigurationError(problems);
  return config;
}
