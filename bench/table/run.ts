/**
 * npm run bench:table [-- --screen passengers --samples 30 --out bench/table/RESULTS.md]
 *
 * Time from data arrival to an interactive table of 100 rows in Chromium, read from the Performance
 * API: the table marks `table:data` when a page of records arrives and measures `table:interactive`
 * once the rows are painted and the main thread takes the next task (apps/web/src/app/perf). Starts
 * the console on a fresh demo database, logs in as admin, opens the list at 100 rows a page and
 * pages through it; the first render (fonts, code loading) is reported apart.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { percentileOf, writeResults } from '../results.ts';

const { values: args } = parseArgs({
  options: {
    screen: { type: 'string', default: 'passengers' },
    samples: { type: 'string', default: '24' },
    port: { type: 'string', default: '8097' },
    out: { type: 'string', default: 'bench/table/RESULTS.md' },
  },
});
const SAMPLES = Number(args.samples);
const base = `http://localhost:${args.port}/admin/`;

async function waitFor(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/** The next `table:interactive` measure after `count` of them, in ms. */
async function nextMeasure(page: Page, count: number): Promise<number> {
  await page.waitForFunction((n) => performance.getEntriesByName('table:interactive').length > n, count, {
    timeout: 30_000,
  });
  return page.evaluate((n) => performance.getEntriesByName('table:interactive')[n]?.duration ?? Number.NaN, count);
}

if (!existsSync('apps/web/dist/index.html')) throw new Error('build the web first: npm run build');
const dataDir = mkdtempSync(join(tmpdir(), 'bench-table-'));
let server: ChildProcess | undefined;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  server = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, PORT: args.port, DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  await waitFor(base, 180_000);
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.goto(`${base}login`);
  await page.getByLabel('Email', { exact: true }).fill('admin@demo.local');
  await page.getByLabel('Password', { exact: true }).fill('Demo1234!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  await page.goto(`${base}${args.screen}`);
  const first = await nextMeasure(page, 0);
  const rows = await page.locator('tbody tr').count();
  const samples: number[] = [];
  const renders: number[] = [];
  const SORTS = ['Last name', 'Email', 'Phone', 'Code'];
  let sortIndex = 0;
  for (let i = 0; i < SAMPLES; i++) {
    // the next page; past the last one, sort by another column (a query not in the cache yet)
    const next = page.getByRole('button', { name: /next page/i });
    if (await next.isDisabled()) {
      const column = SORTS[sortIndex++ % SORTS.length] as string;
      await page.getByRole('button', { name: column, exact: true }).click();
    } else await next.click();
    samples.push(await nextMeasure(page, i + 1));
    const render = await page.evaluate(
      (n) => performance.getEntriesByName('table:render')[n]?.duration ?? Number.NaN,
      i + 1,
    );
    renders.push(render);
    process.stderr.write(`${i + 1}: ${samples.at(-1)?.toFixed(1)} ms (React commit ${render.toFixed(1)} ms)\n`);
  }
  const ms = (x: number) => x.toFixed(1);
  const lines = [
    `## Table render: ${args.screen}, ${rows} rows a page`,
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC in Debian Chromium (headless) on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB; production build; ${SAMPLES} page changes after the first render.`,
    '',
    '| first render (ms) | p50 (ms) | p95 (ms) | max (ms) | of which React commit p50 (ms) |',
    '|---|---|---|---|---|',
    `| ${ms(first)} | ${ms(percentileOf(samples, 50))} | ${ms(percentileOf(samples, 95))} | ${ms(Math.max(...samples))} | ${ms(percentileOf(renders, 50))} |`,
    '',
    `Target: p95 ≤ 100 ms: ${percentileOf(samples, 95) <= 100 ? 'met' : 'MISSED'}.`,
    '',
    'Target: data arrival to an interactive table of 100 rows ≤ 100 ms. "Interactive" is measured from the page of data arriving (with the labels of what it refers to) to the first task after the next paint; headless Chromium here paints in software (no GPU) on 2 cores shared with the server. Page changes re-render every row; sort changes (the fast samples) keep most of the table.',
    '',
  ];
  console.log(lines.join('\n'));
  writeResults(args.out as string, lines);
  if (percentileOf(samples, 95) > 100) {
    console.error('the target was missed');
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
