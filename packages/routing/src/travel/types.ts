export interface LatLng {
  lat: number;
  lng: number;
}

/** Travel times (minutes) and distances (km) between every pair of points, row = from. */
export interface TravelMatrix {
  minutes: number[][];
  km: number[][];
  /** True when the numbers come from the built-in estimator rather than a road network: show them as estimates. */
  estimated: boolean;
  /** Why the road server was not used, when it was configured but failed. */
  fallbackReason?: string;
}

export interface RouteGeometry {
  /** [lng, lat] pairs along the road. */
  coordinates: [number, number][];
  km: number;
  minutes: number;
  estimated: boolean;
}

/** Where travel times come from: a road server (OSRM-compatible) or the estimator. */
export interface TravelTimeProvider {
  /** Matrix between points, for a departure at `departAt` (epoch ms; the estimator uses the hour of day). */
  matrix(points: LatLng[], departAt?: number): Promise<TravelMatrix>;
  /** Road geometry through the points in order. */
  route(points: LatLng[], departAt?: number): Promise<RouteGeometry>;
  /** The nearest point on the road network (the point itself for the estimator). */
  nearest(point: LatLng): Promise<LatLng>;
}
