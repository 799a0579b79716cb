// Fails unless every suite ran tests and none failed: a suite that silently ran nothing is a failure.
import { existsSync, readFileSync } from 'node:fs';

const dir = '.tmp/suites';
const wanted = ['vitest-pglite.json', 'e2e.json'];
if (process.env.TEST_DATABASE_URL) wanted.push('vitest-postgres.json');
let ok = true;
for (const file of wanted) {
  const path = `${dir}/${file}`;
  if (!existsSync(path)) {
    console.error(`suite did not run: ${file}`);
    ok = false;
    continue;
  }
  const r = JSON.parse(readFileSync(path, 'utf8'));
  const total = r.numTotalTests ?? (r.stats ? r.stats.expected + r.stats.unexpected + r.stats.flaky : 0);
  const failed = r.numFailedTests ?? r.stats?.unexpected ?? 0;
  console.log(`${file}: ${total} tests, ${failed} failed`);
  if (!total || failed) ok = false;
}
if (process.env.TEST_DATABASE_URL === undefined) console.log('TEST_DATABASE_URL not set: PostgreSQL suite skipped');
process.exit(ok ? 0 : 1);
