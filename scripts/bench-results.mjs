// Assembles bench/RESULTS.md from each benchmark's own results file (each bench writes its own):
// npm run bench:results
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const parts = [
  ['Store (issue 2): `npm run bench:store`', 'bench/store/RESULTS.md'],
  ['Table render (issue 3): `npm run bench:table`', 'bench/table/RESULTS.md'],
  ['Fares (issue 4): `npm run bench:fares`', 'bench/fares/RESULTS.md'],
  ['Routing (issues 5 and 16): `npm run bench:routing`', 'bench/routing/RESULTS.md'],
  ['Bookings (issue 11): `npm run bench:bookings`', 'bench/bookings/RESULTS.md'],
  ['Dispatch (issues 12 and 16): `npm run bench:dispatch`', 'bench/dispatch/RESULTS.md'],
  ['Load (issue 15): `npm run bench:load`', 'bench/load/RESULTS.md'],
  ['Live operations (issue 13): `npm run bench:live`', 'bench/live/RESULTS.md'],
  ['Business insight (issue 14): `npm run bench:insight`', 'bench/insight/RESULTS.md'],
];
const out = [
  '# Benchmark results',
  '',
  'Each benchmark writes its own file under `bench/<name>/RESULTS.md`; this file gathers them',
  '(`npm run bench:results`). Headings inside each part are one level down.',
  '',
];
for (const [title, path] of parts) {
  out.push(`## ${title}`, '');
  if (!existsSync(path)) {
    out.push(`Not measured yet (\`${path}\` missing).`, '');
    continue;
  }
  const body = readFileSync(path, 'utf8')
    .replace(/^# .*\n+/, '')
    .replace(/^(#+) /gm, '$1## ');
  out.push(body.trim(), '');
}
writeFileSync('bench/RESULTS.md', out.join('\n'));
console.log('wrote bench/RESULTS.md');
