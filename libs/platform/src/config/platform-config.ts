import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const url = (protocols: string[]) =>
  z.url().refine((value) => protocols.some((protocol) => value.startsWith(`${protocol}:`)), {
    message: `must be a ${protocols.join(' or ')} URL`,
  });

const brokerList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((broker) => broker.trim())
      .filter(Boolean),
  )
  .refine((brokers) => brokers.length > 0 && brokers.every((broker) => /^[^\s:]+:\d{1,5}$/.test(broker)), {
    message: 'must be a comma-separated list of host:port',
  });

// Every setting of every service, read once from the environment at start-up (see README "Configuration").
const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
  LOG_FORMAT: z.enum(['json', 'text']).default('json'),
  // PostgreSQL when set; otherwise the embedded PGlite database in DATA_DIR.
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  // Kafka when set; otherwise the in-memory bus (only valid when every module runs in one process).
  KAFKA_BROKERS: brokerList.optional(),
  KAFKA_CLIENT_ID: z.string().min(1).default('plantlens'),
  // Partitions of topics the services create on a new broker; the consumers of one group share them.
  KAFKA_TOPIC_PARTITIONS: z.coerce.number().int().min(1).max(1000).default(6),
  // standalone: the gateway hosts every domain module; cluster: it routes /api/* to the services.
  GATEWAY_MODE: z.enum(['standalone', 'cluster']).default('standalone'),
  WEB_ROOT: z.string().min(1).default('apps/web/dist'),
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
  SIMULATOR_LIVE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(1),
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
  return result.data;
}
