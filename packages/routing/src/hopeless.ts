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
    /** An attempt that still leaves `cutAtLeast` out after `cutShare` of its budget is cut there. */
    readonly cutShare = 0.1,
    readonly cutAtLeast = 16,
  ) {}

  /**
   * Whether an attempt that has run `done` of its `budget` iterations, its best still leaving
   * `leftOut` requests out, should end now. Attempts at a fleet that was never beaten can fill the
   * whole phase on their own (LR2_4_8: one attempt from the 1st to the 36th second, 20 left out).
   * A tenth of the way in, such attempts left 9 to 42 out, while every attempt that went on to win
   * had left at most 5; cutting at 8 cost LR2_4_5 its best-known fleet, so the cut is at 16
   * (bench/routing/RESULTS.md). A cut attempt counts as failed, as any other.
   */
  cut(done: number, budget: number, leftOut: number): boolean {
    return done >= this.cutShare * budget && leftOut >= this.cutAtLeast;
  }

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
