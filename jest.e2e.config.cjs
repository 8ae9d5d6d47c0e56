// Browser tests: playwright-core drives Debian's Chromium against the built standalone app.
const preset = require('./jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/jest.global-setup.cjs',
  testTimeout: 180_000,
  // One suite at a time (they share servers and ports) in one worker, replaced once it holds this much: run in
  // band, the process kept every suite's leftovers and later suites slowed down (see jest.config.cjs).
  workerIdleMemoryLimit: '1.5GB',
  setupFilesAfterEnv: ['<rootDir>/e2e/csp-violations.setup.ts'],
};
