// Browser tests: playwright-core drives Debian's Chromium against the built standalone app.
const preset = require('./jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/jest.global-setup.cjs',
  testTimeout: 180_000,
  setupFilesAfterEnv: ['<rootDir>/e2e/csp-violations.setup.ts'],
};
