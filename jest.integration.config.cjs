// Integration suite: real PostgreSQL and Apache Kafka, started by the tools/ scripts (see .ci/run).
const preset = require('./jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'integration',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/{libs,apps}/**/*.integration-spec.ts'],
  globalSetup: '<rootDir>/jest.global-setup.cjs',
  testTimeout: 120_000,
};
