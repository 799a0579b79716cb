/**
 * Routing benchmark: solves Cordeau (DARP) and Li & Lim (PDPTW) instances, checks every solution
 * with the independent verifier and compares with best-known values.
 *
 *   npm run bench:routing -- [--time-limit S] [--json FILE] [--best FILE] [--seed N] [--threads N]
 *     [--target-vehicles SHARE] [--target-gap PERCENT] [--curve S,S,...] PATH...
 *
 * Besides each instance's final result it prints the anytime curve: the best solution after 1, 5, 15
 * and 60 s of each run (the checkpoints below the time limit, then the limit; `--curve` sets others),
 * summed up per set, and the process's peak resident memory.
 *
 * With --threads N each instance gets N searches at once on worker threads (seeds seed, seed + 1,
 * …, solveParallel) and its result is their best; without it one search runs on the main thread.
 *
 * An unverified solution fails the run; so does a set missing a given target: the share of its
 * instances at the best-known vehicle count (0 to 1), or the average distance gap (%) of those.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import {
  benchProblem,
  type Improvement,
  parseInstance,
  solve,
  solveParallel,
  verifySolution,
} from '../../packages/routing/src/index.ts';
import { type BestKnown, readBestKnown } from './best-known.ts';
import { curveLines, fixed, missedTargets, type Row, summarise } from './summary.ts';

interface Args {
  timeLimit: number;
  json?: string;
  best?: string;
  seed: number;
  threads: number;
  paths: string[];
  targetVehicles?: number;
  targetGap?: number;
  curve: number[];
}

function parseArgs(argv: string[]): Args {
  const args: Args = { timeLimit: 10, seed: 1, threads: 1, paths: [], curve: [] };
  let curve: number[] | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--time-limit') args.timeLimit = Number(value());
    else if (a === '--target-vehicles') args.targetVehicles = Number(value());
    else if (a === '--target-gap') args.targetGap = Number(value());
    else if (a === '--json') args.json = value();
    else if (a === '--best') args.best = value();
    else if (a === '--seed') args.seed = Number(value());
    else if (a === '--threads') args.threads = Number(value());
    else if (a === '--curve') curve = value().split(',').map(Number);
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else args.paths.push(a);
  }
  if (!(args.timeLimit > 0)) throw new Error('--time-limit must be a positive number of seconds');
  if (!Number.isInteger(args.threads) || args.threads < 1) throw new Error('--threads must be a positive whole number');
  if (curve?.some((t) => !(t > 0))) throw new Error('--curve takes positive seconds, separated by commas');
  args.curve = curve ?? [...[1, 5, 15, 60].filter((t) => t < args.timeLimit), args.timeLimit];
  if (args.paths.length === 0)
    throw new Error(
      'usage: bench:routing [--time-limit S] [--json FILE] [--best FILE] [--seed N] [--threads N] PATH...',
    );
  return args;
}

/** Instance files of a path: the file itself, or every file of a folder and its sub-folders but csv/md. */
function instanceFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((f) => {
      const full = join(path, f);
      if (statSync(full).isDirectory()) return instanceFiles(full);
      return ['.csv', '.md', '.json'].includes(extname(f).toLowerCase()) ? [] : [full];
    });
}

function bestKnownFor(file: string, explicit: BestKnown | undefined, cache: Map<string, BestKnown>): BestKnown {
  const out: BestKnown = new Map(explicit ?? []);
  for (const dir of [dirname(dirname(file)), dirname(file)]) {
    const csv = join(dir, 'best-known.csv');
    if (!cache.has(csv)) cache.set(csv, existsSync(csv) ? readBestKnown(readFileSync(csv, 'utf8'), csv) : new Map());
    for (const [k, v] of cache.get(csv) ?? []) if (!out.has(k)) out.set(k, v);
  }
  return out;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const explicit = args.best ? readBestKnown(readFileSync(args.best, 'utf8'), args.best) : undefined;
  const cache = new Map<string, BestKnown>();
  const files = args.paths.flatMap((p) => instanceFiles(resolve(p)));
  const rows: Row[] = [];
  const json: unknown[] = [];
  const searches =
    args.threads === 1
      ? `seed ${args.seed}`
      : `${args.threads} threads, seeds ${args.seed}–${args.seed + args.threads - 1}`;
  console.log(`routing benchmark: ${files.length} instances, ${args.timeLimit} s each, ${searches}`);
  console.log(
    ['instance', 'set', 'vehicles', 'cost', 'seconds', 'verified', 'best-veh', 'best-cost', 'gap%'].join('\t'),
  );
  for (const file of files) {
    const name = basename(file, extname(file));
    let inst: ReturnType<typeof parseInstance>;
    try {
      inst = parseInstance(readFileSync(file, 'utf8'), name, file);
    } catch (err) {
      console.log(`${name}\tSKIPPED\t${err instanceof Error ? err.message : String(err)}`);
      continue;
    }
    const { problem, nodeIds } = benchProblem(inst);
    const trace: Improvement[] = [];
    const t = performance.now();
    const options = { seed: args.seed, timeLimitMs: args.timeLimit * 1000 };
    const res =
      args.threads === 1
        ? solve(problem, { ...options, onImprovement: (info) => trace.push(info) })
        : await solveParallel(problem, { ...options, threads: args.threads, onProgress: (info) => trace.push(info) });
    const seconds = (performance.now() - t) / 1000;
    const verdict = verifySolution(problem, res.solution);
    const feasible = verdict.feasible && res.solution.unassigned.length === 0;
    const known = bestKnownFor(file, explicit, cache).get(name);
    const set = known?.set ?? inst.format;
    const row: Row = {
      instance: name,
      set,
      vehicles: verdict.vehicles,
      cost: verdict.distance,
      seconds,
      feasible,
      best: known,
      curve: args.curve.map((secs) => {
        const at = trace.findLast((x) => x.elapsedMs <= secs * 1000 && x.unassigned === 0);
        return at ? { vehicles: at.vehicles, cost: at.distance } : null;
      }),
    };
    rows.push(row);
    const gap = known ? (100 * (row.cost - known.cost)) / known.cost : undefined;
    console.log(
      [
        name,
        set,
        row.vehicles,
        row.cost.toFixed(2),
        seconds.toFixed(1),
        feasible
          ? 'yes'
          : `NO (${verdict.violations.map((v) => v.code).join(',') || `${res.solution.unassigned.length} unassigned`})`,
        known?.vehicles ?? '',
        known?.cost.toFixed(2) ?? '',
        gap === undefined ? '' : fixed(gap),
      ].join('\t'),
    );
    json.push({
      instance: name,
      set,
      vehicles: row.vehicles,
      cost: row.cost,
      seconds,
      feasible,
      curve: Object.fromEntries(args.curve.map((secs, i) => [secs, row.curve?.[i] ?? null])),
      routes: res.solution.routes.filter((r) => r.length > 0).map((r) => r.map((node) => nodeIds[node] ?? -1)),
    });
  }
  console.log('');
  for (const line of summarise(rows)) console.log(line);
  console.log('');
  console.log(`anytime curve (best solution after ${args.curve.join(', ')} s of each run):`);
  for (const line of curveLines(rows, args.curve)) console.log(`- ${line}`);
  // maxRSS is in kibibytes.
  console.log(`peak resident memory: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
  if (args.json) writeFileSync(args.json, `${JSON.stringify(json, null, 1)}\n`);
  // A solution the verifier refuses fails the run, and so does a missed target.
  const missed = missedTargets(rows, args);
  for (const m of missed) console.error(`target missed: ${m}`);
  if (rows.some((r) => !r.feasible) || missed.length > 0) process.exitCode = 1;
}

await main();
