// Jest global setup of every suite: an empty PGlite data directory, made once and loaded by every in-memory
// database the tests open (PGLITE_TEMPLATE, libs/platform/src/database/database.ts) instead of PGlite
// running initdb for each of them (about two thirds of an app's start in a test). Kept in the temporary
// folder per PGlite version and replaced atomically, so concurrent runs share it safely.
const { existsSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { dirname, join } = require('node:path');

module.exports = async function makePgliteTemplate() {
  if (process.env.PGLITE_TEMPLATE) return;
  const packageFile = join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(packageFile, 'utf8'));
  const file = join(tmpdir(), `plantlens-pglite-template-${version}.tar`);
  if (!existsSync(file)) {
    const { PGlite } = await import('@electric-sql/pglite');
    const database = await PGlite.create();
    const dump = await database.dumpDataDir('none');
    await database.close();
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  // Inherited by the test workers and the apps they start.
  process.env.PGLITE_TEMPLATE = file;
};
