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
  // Several server dependencies ship only ES modules (NestJS 12 among them); swc compiles them to CommonJS
  // for jest, whose native ESM support is still experimental. Results are cached after the first run.
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|uid|content-disposition|@fastify|jose|openid-client|oauth4webapi|oidc-provider|aedes|@apidevtools|node-opcua[^/]*|hexy)/)',
  ],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
