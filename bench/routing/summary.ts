import type { Known } from './best-known.ts';

export interface Row {
  instance: string;
  set: string;
  vehicles: number;
  cost: number;
  seconds: number;
  feasible: boolean;
  best?: Known;
  /** The best solution serving every request at each checkpoint of the anytime curve; null before the first. */
  curve?: ({ vehicles: number; cost: number } | null)[];
}

/** Two decimals without a negative zero. */
export const fixed = (x: number): string => (Math.abs(x) < 0.005 ? 0 : x).toFixed(2);

/** Per-set lines: average and worst gap, how many reach the best-known vehicle count, how many verified. */
export function summarise(rows: Row[]): string[] {
  const sets = [...new Set(rows.map((r) => r.set))];
  return sets.map((set) => {
    const rs = rows.filter((r) => r.set === set);
    const withBest = rs.filter((r) => r.best);
    const gaps = withBest.map((r) => ({ r, gap: (100 * (r.cost - (r.best?.cost ?? 0))) / (r.best?.cost ?? 1) }));
    const avg = gaps.reduce((a, g) => a + g.gap, 0) / Math.max(1, gaps.length);
    const worst = gaps.reduce<{ r: Row; gap: number } | undefined>((w, g) => (!w || g.gap > w.gap ? g : w), undefined);
    const atVeh = withBest.filter((r) => r.vehicles <= (r.best?.vehicles ?? 0)).length;
    const verified = rs.filter((r) => r.feasible).length;
    const secs = rs.reduce((a, r) => a + r.seconds, 0) / Math.max(1, rs.length);
    const parts = [`${set}: ${rs.length} instances, ${verified} verified, ${secs.toFixed(1)} s avg`];
    if (gaps.length > 0) {
      parts.push(`avg gap ${fixed(avg)} %`);
      // With vehicles first, a distance gap means something only at the best-known vehicle count.
      const same = gaps.filter((g) => g.r.vehicles <= (g.r.best?.vehicles ?? 0));
      if (same.length < gaps.length && same.length > 0) {
        parts.push(
          `avg gap at the best vehicle count ${(same.reduce((a, g) => a + g.gap, 0) / same.length).toFixed(2)} % (${same.length})`,
        );
      }
      if (worst) parts.push(`worst ${worst.r.instance} ${fixed(worst.gap)} %`);
      parts.push(`best vehicle count on ${atVeh}/${withBest.length}`);
    }
    return parts.join(', ');
  });
}

/** The sets that miss a target: the share at the best-known vehicle count, the average gap there (%). */
export function missedTargets(rows: Row[], targets: { targetVehicles?: number; targetGap?: number }): string[] {
  const out: string[] = [];
  for (const set of new Set(rows.map((r) => r.set))) {
    const withBest = rows.filter((r) => r.set === set && r.best);
    if (withBest.length === 0) continue;
    const atBest = withBest.filter((r) => r.vehicles <= (r.best?.vehicles ?? 0));
    const share = atBest.length / withBest.length;
    if (targets.targetVehicles !== undefined && share < targets.targetVehicles) {
      out.push(
        `${set}: best vehicle count on ${atBest.length}/${withBest.length}, below ${targets.targetVehicles * 100} %`,
      );
    }
    const gaps = atBest.map((r) => (100 * (r.cost - (r.best?.cost ?? 0))) / (r.best?.cost ?? 1));
    const avg = gaps.reduce((a, g) => a + g, 0) / Math.max(1, gaps.length);
    if (targets.targetGap !== undefined && gaps.length > 0 && avg > targets.targetGap) {
      out.push(`${set}: average gap ${fixed(avg)} % at the best vehicle count, above ${targets.targetGap} %`);
    }
  }
  return out;
}

/**
 * The anytime curve of each set: at each checkpoint (seconds into every instance's run), how many
 * instances are at the best-known vehicle count, the average distance gap on those, and the total
 * vehicles and distance over the set.
 */
export function curveLines(rows: Row[], checkpoints: number[]): string[] {
  const out: string[] = [];
  for (const set of new Set(rows.map((r) => r.set))) {
    const rs = rows.filter((r) => r.set === set && r.curve);
    if (rs.length === 0) continue;
    checkpoints.forEach((t, i) => {
      const points = rs.map((r) => ({ r, at: r.curve?.[i] ?? null }));
      const solved = points.filter((x) => x.at !== null);
      const atBest = solved.filter((x) => x.r.best && (x.at?.vehicles ?? 0) <= x.r.best.vehicles);
      const gaps = atBest.map((x) => (100 * ((x.at?.cost ?? 0) - (x.r.best?.cost ?? 0))) / (x.r.best?.cost ?? 1));
      const withBest = rs.filter((r) => r.best).length;
      const parts = [`${set} at ${t} s: ${solved.length}/${rs.length} solved`];
      if (solved.length === rs.length) {
        parts.push(`${solved.reduce((a, x) => a + (x.at?.vehicles ?? 0), 0)} vehicles`);
        parts.push(`distance ${solved.reduce((a, x) => a + (x.at?.cost ?? 0), 0).toFixed(1)}`);
      }
      if (withBest > 0) {
        parts.push(`best vehicle count on ${atBest.length}/${withBest}`);
        if (gaps.length > 0) parts.push(`avg gap there ${fixed(gaps.reduce((a, g) => a + g, 0) / gaps.length)} %`);
      }
      out.push(parts.join(', '));
    });
  }
  return out;
}
