import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import type { PlatformConfig } from '../config/platform-config';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

// One JSON object per line in production (for the cluster's log collector), readable text for a terminal.
export function createLogger(config: Pick<PlatformConfig, 'LOG_LEVEL' | 'LOG_FORMAT'>, service: string) {
  return new ConsoleLogger(service, {
    json: config.LOG_FORMAT === 'json',
    colors: config.LOG_FORMAT === 'text' && process.stdout.isTTY,
    logLevels: LEVELS.slice(0, LEVELS.indexOf(config.LOG_LEVEL) + 1),
  });
}
