// Loads a kdsl-synth dataset's shards with DuckDB's read_json, as a columnar
// engine or a dataloader would (test/Synth/duckdb.test):
//   node utils/duckdb/load_dataset.mjs DATASET_DIR
// Prints one line per top-level column with the type DuckDB inferred over every
// record, and the number of records it read. It fails (exit 1) when DuckDB read
// a different number of records than the shards hold, or when a field (any
// path into the records: spec.args[].shape[], ...) holds values of more than
// one JSON kind (DuckDB would then fall back to JSON for it). A list that is
// empty in every record has no element type: DuckDB says JSON[] for it, which
// is not a mixed column, and this check does not count it as one.
import { DuckDBInstance } from '@duckdb/node-api';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: load_dataset.mjs DATASET_DIR');
  process.exit(2);
}
const shards = readdirSync(dir).filter((f) => /^shard-\d+\.jsonl$/.test(f)).sort();
if (shards.length === 0) {
  console.error(`${dir}: no shard-NNNNN.jsonl files`);
  process.exit(1);
}
const lines = shards
  .map((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter((l) => l.length).length)
  .reduce((a, b) => a + b, 0);

const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
const glob = join(dir, 'shard-*.jsonl').replaceAll("'", "''");
// Every record, no sampling: the inferred types hold for the whole dataset.
const source = `read_json('${glob}', format = 'newline_delimited', sample_size = -1, maximum_depth = -1)`;
const count = (await (await con.run(`SELECT count(*) AS n FROM ${source}`)).getRows())[0][0];
const columns = await (await con.run(`DESCRIBE SELECT * FROM ${source}`)).getRows();

for (const [name, type] of columns) console.log(`${name}: ${type}`);
console.log(`records: ${count} of ${lines}`);

// The JSON kinds seen at each path; integers and floats are one kind (DuckDB
// reads both as DOUBLE), null is no kind (a missing value).
const kinds = new Map();
function visit(path, v) {
  if (v === null) return;
  const kind = Array.isArray(v) ? 'list' : typeof v;
  if (!kinds.has(path)) kinds.set(path, new Set());
  kinds.get(path).add(kind);
  if (Array.isArray(v)) v.forEach((e) => visit(`${path}[]`, e));
  else if (kind === 'object') for (const [k, e] of Object.entries(v)) visit(`${path}.${k}`, e);
}
for (const f of shards)
  for (const l of readFileSync(join(dir, f), 'utf8').split('\n'))
    if (l.length) visit('', JSON.parse(l));
let mixed = 0;
for (const [path, set] of kinds)
  if (set.size > 1) {
    console.log(`mixed: ${path || '(record)'} holds ${[...set].sort().join(' and ')}`);
    mixed++;
  }
console.log(`fields: ${kinds.size} paths, ${mixed} with more than one kind`);
if (Number(count) !== lines || mixed) process.exit(1);
