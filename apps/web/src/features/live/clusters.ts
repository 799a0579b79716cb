import Supercluster from 'supercluster';

/** What the live map asks to cluster: the vehicles' [lon, lat] pairs, at one zoom, in a box. */
export interface ClusterAsk {
  level: number;
  /** [west, south, east, north] */
  bbox: [number, number, number, number];
  /** lon, lat of vehicle i at 2i, 2i + 1 */
  coords: Float64Array;
}

/** The answer: clusters as lat, lon, count triples; the vehicles left single, by index. */
export interface Clustered {
  clusters: Float64Array;
  singles: Int32Array;
}

/** Vehicles closer than this many pixels at the zoom are drawn as one cluster. */
const RADIUS_PX = 50;

/**
 * Clusters the vehicles at `level` only (supercluster builds each zoom from maxZoom down to minZoom),
 * in the box. Pure: run by the vehicle painter, in its worker (vehicleWorker.ts).
 */
export function clusterVehicles(ask: ClusterAsk): Clustered {
  const { coords, level, bbox } = ask;
  const index = new Supercluster<{ i: number }>({ radius: RADIUS_PX, minZoom: level, maxZoom: level });
  const points = [];
  for (let i = 0; i < coords.length / 2; i++)
    points.push({
      type: 'Feature' as const,
      properties: { i },
      geometry: { type: 'Point' as const, coordinates: [coords[2 * i] as number, coords[2 * i + 1] as number] },
    });
  index.load(points);
  const clusters: number[] = [];
  const singles: number[] = [];
  for (const f of index.getClusters(bbox, level)) {
    const [lon, lat] = f.geometry.coordinates as [number, number];
    const props = f.properties as { cluster?: boolean; point_count?: number; i?: number };
    if (props.cluster) clusters.push(lat, lon, props.point_count ?? 0);
    else singles.push(props.i as number);
  }
  return { clusters: Float64Array.from(clusters), singles: Int32Array.from(singles) };
}
