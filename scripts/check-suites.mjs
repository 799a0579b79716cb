// Fails unless every suite ran tests and none failed: a suite (or a vitest project of one) that
// executed nothing is a failure. Only executed tests count: skipped and todo ones are printed apart.
import { existsSync, readFileSync } from 'node:fs';

const dir = '.tmp/suites';
/** Each vitest project, by where its test files live (vitest.config.ts). */
const PROJECTS = { packages: 'packages/', server: 'apps/server/', web: 'apps/web/' };
const wanted = [
  ['vitest-pglite.json', ['packages', 'server', 'web']],
  ['e2e.json', null],
];
if (process.env.TEST_DATABASE_URL) wanted.push(['vitest-postgres.json', ['server']]);

let ok = true;
function report(name, { executed, failed, skipped }) {
  console.log(`${name}: ${executed} tests executed, ${failed} failed, ${skipped} skipped or todo`);
  if (executed === 0 || failed > 0) ok = false;
}

for (const [file, projects] of wanted) {
  const path = `${dir}/${file}`;
  if (!existsSync(path)) {
    console.error(`suite did not run: ${file}`);
    ok = false;
    continue;
  }
  const r = JSON.parse(readFileSync(path, 'utf8'));
  if (projects === null) {
    // Playwright: expected, unexpected (failed) and flaky tests ran; skipped ones did not
    const s = r.stats ?? {};
    const executed = (s.expected ?? 0) + (s.unexpected ?? 0) + (s.flaky ?? 0);
    report(file, { executed, failed: s.unexpected ?? 0, skipped: s.skipped ?? 0 });
    continue;
  }
  for (const project of projects) {
    const counts = { executed: 0, failed: 0, skipped: 0 };
    for (const suite of r.testResults ?? []) {
      const rel = String(suite.name).replace(`${process.cwd()}/`, '');
      if (!rel.startsWith(PROJECTS[project])) continue;
      // a file that failed to load has no assertions but fails
      if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) counts.failed++;
      for (const t of suite.assertionResults ?? []) {
        if (t.status === 'passed') counts.executed++;
        else if (t.status === 'failed') {
          counts.executed++;
          counts.failed++;
        } else counts.skipped++;
      }
    }
    report(`${file} ${project}`, counts);
  }
}
if (process.env.TEST_DATABASE_URL === undefined) console.log('TEST_DATABASE_URL not set: PostgreSQL suite skipped');
process.exit(ok ? 0 : 1);
