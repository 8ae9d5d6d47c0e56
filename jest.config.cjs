// `npm test`: unit and standalone (PGlite + in-memory bus) tests; needs no external service.
const preset = require('./jest.preset.cjs');

module.exports = {
  // Backend suites start a real app: PGlite, migrations and argon2id hashing take seconds on a busy
  // 2-core box. (A global option: jest ignores it inside `projects`.)
  testTimeout: 60_000,
  // Both cores: suites are single-threaded (jsdom, PGlite), and jest's default on two cores is one worker.
  maxWorkers: 2,
  // A worker that has run many app-starting suites holds hundreds of MB of their PGlite and module graphs:
  // later suites there ran 5-10x slower than alone (garbage collection). Past this it is replaced.
  workerIdleMemoryLimit: '1.5GB',
  globalSetup: '<rootDir>/jest.global-setup.cjs',
  projects: [
    {
      ...preset,
      displayName: 'backend',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{libs,apps,tools}/**/*.spec.ts'],
      testPathIgnorePatterns: [...preset.testPathIgnorePatterns, '<rootDir>/apps/web/'],
    },
    {
      ...preset,
      displayName: 'web',
      testEnvironment: '<rootDir>/apps/web/src/testing/jsdom-environment.cjs',
      testMatch: ['<rootDir>/apps/web/src/**/*.spec.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/apps/web/src/testing/setup-tests.ts'],
      moduleNameMapper: {
        ...preset.moduleNameMapper,
        '\\.(css|less|svg|png)$': '<rootDir>/apps/web/src/testing/file-stub.cjs',
        // @ant-design/icons' CommonJS build requires an ES-module file; its CommonJS twin is the same code.
        '^@ant-design/colors/es/(.*)$': '<rootDir>/node_modules/@ant-design/colors/lib/$1',
        // Highcharts' ES modules under highcharts/esm have UMD twins at the package root, same code.
        '^highcharts/esm/(.*)$': '<rootDir>/node_modules/highcharts/$1',
      },
    },
  ],
};
