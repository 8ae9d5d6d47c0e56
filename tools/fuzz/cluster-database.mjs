// node tools/fuzz/cluster-database.mjs create|drop NAME: a database of the fuzz run's own on the PostgreSQL
// of DATABASE_URL; `create` prints its URL.
import pg from 'pg';

const [action, name] = process.argv.slice(2);
const base = process.env.DATABASE_URL;
if (!base || !/^[a-z0-9_]+$/.test(name ?? ''))
  throw new Error('usage: DATABASE_URL=… cluster-database.mjs create|drop NAME');
const client = new pg.Client({ connectionString: base });
await client.connect();
await client.query(
  action === 'create' ? `create database ${name}` : `drop database if exists ${name} with (force)`,
);
await client.end();
if (action === 'create') console.log(base.replace(/\/[^/?]+(\?|$)/, `/${name}$1`));
