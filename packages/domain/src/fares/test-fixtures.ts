/**
 * A small world for the fare tests (around Montreal): two sites, places of every kind, services
 * and profiles. Test-only; not exported from the package.
 */
import type { JobFareRequestInput } from './schemas.ts';

export const AIRPORT = { lat: 45.4605, lon: -73.7405 };
export const STATION = { lat: 45.5001, lon: -73.5701 };
/** In area 10 (downtown), about 1 km from the station. */
export const DOWNTOWN = { lat: 45.505, lon: -73.56 };
/** In area 11 (west) but outside the airport's 1 km radius. */
export const WEST = { lat: 45.43, lon: -73.78 };
/** In the hole of area 12 (the donut). */
export const DONUT_HOLE = { lat: 45.55, lon: -73.65 };
/** In the ring of area 12. */
export const DONUT_RING = { lat: 45.545, lon: -73.69 };
export const QUEBEC = { lat: 46.8, lon: -71.2 };

const square = (minLat: number, maxLat: number, minLon: number, maxLon: number) => [
  { lat: minLat, lng: minLon },
  { lat: minLat, lng: maxLon },
  { lat: maxLat, lng: maxLon },
  { lat: maxLat, lng: minLon },
];

export const LOCATIONS = [
  { _id: 1, unit: 1, name: 'Airport', address: '975 Romeo-Vachon Blvd', lat: 45.46, lon: -73.74, radius: 1000 },
  { _id: 2, unit: 1, name: 'Station', address: '895 De La Gauchetiere St W', lat: 45.5, lon: -73.57, radius: 300 },
  { _id: 3, unit: 1, name: 'Head office', address: '1 Main St' },
  // Small and inside one grid cell of the place lookup, so that lookup mistakes show.
  { _id: 4, unit: 1, name: 'Clinic', lat: 45.5312, lon: -73.6188, radius: 150 },
];

export const AREAS = [
  { _id: 10, unit: 1, name: 'Downtown', map: square(45.49, 45.52, -73.6, -73.54) },
  {
    _id: 11,
    unit: 1,
    name: 'West',
    // GeoJSON, [lon, lat].
    map: {
      type: 'Polygon',
      coordinates: [
        [
          [-73.8, 45.4],
          [-73.7, 45.4],
          [-73.7, 45.48],
          [-73.8, 45.48],
          [-73.8, 45.4],
        ],
      ],
    },
  },
  { _id: 12, unit: 1, name: 'Donut', map: [square(45.53, 45.57, -73.7, -73.6), square(45.54, 45.56, -73.67, -73.63)] },
  { _id: 13, unit: 1, name: 'Province', map: square(44, 48, -76, -70) },
];

export const SERVICES = [
  { _id: 1, name: 'Sedan', maxPassengers: 4 },
  { _id: 2, name: 'Van', maxPassengers: 12 },
];

export const PROFILES = [
  { _id: 100, unit: 1, name: 'Walk-in', profileType: 'retail', rateType: 'ordinary' },
  { _id: 101, unit: 1, name: 'Families', profileType: 'retail', rateType: 'free 0-5' },
  { _id: 102, unit: 1, name: 'Schools', profileType: 'corporate', rateType: 'free 6-11' },
  { _id: 103, unit: 2, name: 'Other site', sharedWith: [1] },
  { _id: 104, unit: 2, name: 'Not shared' },
];

export const HOLIDAYS = [
  { _id: 1, unit: 1, name: 'Christmas', code: 'XMAS', start: '2026-12-24', end: '2026-12-26' },
  { _id: 2, name: 'New year', code: 'NY', date: '2027-01-01' },
  { _id: 3, unit: 2, name: 'Site 2 day', date: '2026-11-23' },
];

export const EXTRA_SERVICES = [
  { _id: 1, unit: 1, name: 'Child seat', basePrice: 10, extraPrice: 5, baseUpTo: 2, surcharge: 1.5 },
  { _id: 2, unit: 1, name: 'Ski rack', basePrice: 20, profileType: 'corporate' },
  { _id: 3, unit: 2, name: 'Other site extra', basePrice: 1 },
];

/** A rate from West to Downtown, service 1, 50.00, with overrides. */
export function rate(_id: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    _id,
    unit: 1,
    code: `R${_id}`,
    from: { type: 'area', id: 11 },
    to: { type: 'area', id: 10 },
    service: 1,
    price: 50,
    ...over,
  };
}

/** Monday 23 November 2026, 10:00, West to Downtown, site 1, no profile. */
export function request(over: Partial<JobFareRequestInput> = {}): JobFareRequestInput {
  return { unit: 1, from: WEST, to: DOWNTOWN, date: '2026-11-23 10:00', ...over };
}
