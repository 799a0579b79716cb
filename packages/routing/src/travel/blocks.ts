import type { LatLng } from './types.ts';

/**
 * Road blocks (docs/live.md): points of road that routing avoids. Without a road network the
 * estimator cannot reroute around one, so a straight leg that passes within BLOCK_RADIUS_KM of a
 * block costs BLOCK_DETOUR_KM more (the way around a closed street); with a route server the
 * console checks the planned legs against the blocks (`blocksOnPath`) and flags a trip that crosses one.
 */
export const BLOCK_RADIUS_KM = 0.05;
export const BLOCK_DETOUR_KM = 1.5;

const KM_PER_DEG_LAT = 111.32;

/** Distance in km from `p` to the segment a→b, on a local flat projection (fine over a city). */
export function kmToSegment(a: LatLng, b: LatLng, p: LatLng): number {
  const kx = KM_PER_DEG_LAT * Math.cos(((a.lat + b.lat + p.lat) / 3) * (Math.PI / 180));
  const ax = a.lng * kx;
  const ay = a.lat * KM_PER_DEG_LAT;
  const bx = b.lng * kx - ax;
  const by = b.lat * KM_PER_DEG_LAT - ay;
  const px = p.lng * kx - ax;
  const py = p.lat * KM_PER_DEG_LAT - ay;
  const len2 = bx * bx + by * by;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, (px * bx + py * by) / len2));
  return Math.hypot(px - t * bx, py - t * by);
}

/** Does the leg a→b pass a block? */
export function legBlocked(a: LatLng, b: LatLng, blocks: readonly LatLng[], radiusKm = BLOCK_RADIUS_KM): boolean {
  return blocks.some((block) => kmToSegment(a, b, block) <= radiusKm);
}

/** The indexes of the blocks that a path (points in order) passes. */
export function blocksOnPath(path: readonly LatLng[], blocks: readonly LatLng[], radiusKm = BLOCK_RADIUS_KM): number[] {
  const hit: number[] = [];
  blocks.forEach((block, i) => {
    for (let k = 1; k < path.length; k++) {
      const a = path[k - 1] as LatLng;
      const b = path[k] as LatLng;
      if (kmToSegment(a, b, block) <= radiusKm) {
        hit.push(i);
        return;
      }
    }
  });
  return hit;
}
