/** A small seeded generator (sfc32): the solver draws every random choice from it, so a seed fixes the run. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  pick<T>(items: readonly T[]): T {
    const x = items[Math.floor(this.next() * items.length)];
    if (x === undefined) throw new Error('pick from an empty list');
    return x;
  }

  /** Index drawn from weights (all ≥ 0, at least one > 0). */
  roulette(weights: ArrayLike<number>): number {
    let total = 0;
    for (let i = 0; i < weights.length; i++) total += weights[i] ?? 0;
    let x = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i] ?? 0;
      if (x < 0) return i;
    }
    return weights.length - 1;
  }
}
