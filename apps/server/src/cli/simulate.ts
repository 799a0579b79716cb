import { runSimulation } from '../live/simulate.ts';

/**
 * `npm run simulate [-- URL]`: the demo's drivers drive their trips on a running server (default
 * http://localhost:$PORT, 8080), SIM_SPEED times faster than real time (default 10). Ctrl-C stops.
 */
const url = process.argv[2] ?? `http://localhost:${process.env.PORT ?? 8080}`;
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
process.once('SIGTERM', () => controller.abort());
runSimulation({ url, speed: Number(process.env.SIM_SPEED) || 10, signal: controller.signal }).catch((err: unknown) => {
  console.error(`simulation stopped: ${(err as Error).message}`);
  process.exit(1);
});
