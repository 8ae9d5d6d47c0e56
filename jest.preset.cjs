// Shared by the unit, integration and end-to-end jest configs.
const fs = require('node:fs');
const path = require('node:path');

const swcConfig = JSON.parse(fs.readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
delete swcConfig.$schema;

const libs = fs.readdirSync(path.join(__dirname, 'libs'));
const moduleNameMapper = Object.fromEntries(
  libs.map((lib) => [`^@plantlens/${lib}$`, `<rootDir>/libs/${lib}/src/index.ts`]),
);

module.exports = {
  rootDir: __dirname,
  moduleNameMapper,
  // NestJS 12 ships as ES modules: let swc turn them into CommonJS for jest's module system.
  transform: { '^.+\\.(t|j|mj)sx?$': ['@swc/jest', { ...swcConfig, swcrc: false }] },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|uid)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
