// Integration suite: real PostgreSQL and Apache Kafka, started by the tools/ scripts (see .ci/run).
const preset = require('./jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'integration',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/{libs,apps}/**/*.integration-spec.ts'],
  globalSetup: '<rootDir>/jest.global-setup.cjs',
  testTimeout: 120_000,
  // One suite at a time (they share servers and ports) in one worker, replaced once it holds this much: run in
  // band, the process kept every suite's leftovers and later suites slowed down (see jest.config.cjs).
  workerIdleMemoryLimit: '1.5GB',
};
