export { MAP_HEIGHT, MapFrame } from './MapFrame.tsx';
export { type LatLon, PALETTE, paletteColor, tileSourceOf } from './mapHelpers.ts';
// The inputs that draw (PointInput, PolygonInput) are imported from their own modules: PolygonInput
// brings leaflet-geoman, which only the forms that draw should load (vite.config.ts).
