/**
 * Failed route-elimination attempts in a row, at one fleet, that each left at least `atLeast`
 * requests out: after `run` of them the attempts at that fleet are not worth their time. On the
 * 400-task set every attempt that came before a won one left at most 5 requests out, while attempts
 * at a fleet never beaten there left 8 to 82 out, again and again, until the phase's end
 * (bench/routing/RESULTS.md). A won attempt needs no telling: the fleet it leaves is smaller.
 */
export class HopelessAttempts {
  private count = 0;
  private fleet = -1;

  constructor(
    readonly atLeast = 8,
    readonly run = 2,
  ) {}

  /** An attempt from a solution with `fleet` vehicles failed, leaving `leftOut` requests out. */
  failed(fleet: number, leftOut: number): void {
    // counted at one fleet: a smaller one (a won attempt, polishing, another search) starts again
    if (fleet !== this.fleet) this.count = 0;
    this.fleet = fleet;
    this.count = leftOut >= this.atLeast ? this.count + 1 : 0;
  }

  /** Whether attempts from a solution with `fleet` vehicles should stop. */
  over(fleet: number): boolean {
    return fleet === this.fleet && this.count >= this.run;
  }
}
