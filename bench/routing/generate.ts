/**
 * Writes a pickup-and-delivery instance in the Li & Lim format with the given number of tasks, for
 * sizes the published sets do not hold here (issue 16: a 1,000-task instance must get a feasible
 * solution within 120 s). Seeded: the same arguments give the same file.
 *
 *   node --import tsx bench/routing/generate.ts [--tasks 1000] [--seed 1] > FILE
 *
 * Like Li & Lim's random (LR) sets: customers uniform on a 500 × 500 grid around a central depot,
 * demands 10 to 40 for vehicles of 200, 10 minutes of service, a horizon of 2,000 and time windows
 * of 60 to 120 placed so that each pair can be served alone (depot, pickup, delivery, depot).
 */
import { Rng } from '../../packages/routing/src/prng.ts';

function parse(argv: string[]): { tasks: number; seed: number } {
  const out = { tasks: 1000, seed: 1 };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i]?.replace(/^--/, '');
    const value = Number(argv[i + 1]);
    if ((key !== 'tasks' && key !== 'seed') || !Number.isInteger(value)) throw new Error(`bad option ${argv[i]}`);
    out[key] = value;
  }
  if (out.tasks < 2 || out.tasks % 2 !== 0) throw new Error('--tasks is an even number of at least 2');
  return out;
}

const { tasks, seed } = parse(process.argv.slice(2));
const rng = new Rng(seed);
const SIZE = 500;
const HORIZON = 2000;
const SERVICE = 10;
const depot = { x: SIZE / 2, y: SIZE / 2 };
const travel = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);
const point = () => ({ x: rng.int(0, SIZE), y: rng.int(0, SIZE) });

const lines = [`${Math.ceil(tasks / 4)}\t200\t1`, `0\t${depot.x}\t${depot.y}\t0\t0\t${HORIZON}\t0\t0\t0`];
for (let k = 0; k < tasks / 2; k++) {
  const pickupId = 2 * k + 1;
  const deliveryId = 2 * k + 2;
  for (;;) {
    const p = point();
    const d = point();
    const width = rng.int(60, 120);
    const first = Math.ceil(travel(depot, p));
    // the pickup's window may open as late as still lets the pair be served and the vehicle return
    const last = Math.floor(HORIZON - 2 * width - 2 * SERVICE - travel(p, d) - travel(d, depot)) - 1;
    if (last < first) continue;
    const e = rng.int(first, last);
    const eD = Math.ceil(e + SERVICE + travel(p, d));
    const q = rng.int(10, 40);
    lines.push(`${pickupId}\t${p.x}\t${p.y}\t${q}\t${e}\t${e + width}\t${SERVICE}\t0\t${deliveryId}`);
    lines.push(`${deliveryId}\t${d.x}\t${d.y}\t${-q}\t${eD}\t${eD + width}\t${SERVICE}\t${pickupId}\t0`);
    break;
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
