export { MAP_HEIGHT, MapFrame } from './MapFrame.tsx';
export { type LatLon, PALETTE, paletteColor, tileSourceOf } from './mapHelpers.ts';
export { PointInput, type PointInputProps } from './PointInput.tsx';
export { PolygonInput, type PolygonInputProps } from './PolygonInput.tsx';
