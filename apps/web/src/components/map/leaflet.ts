// Leaflet and its plugins, set up once for every map of the app.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';

// leaflet-geoman extends the global `L`; Leaflet's own build sets it in a browser, not in every bundling.
(globalThis as { L?: typeof L }).L ??= L;

/** Leaflet's default marker, with its images resolved by the bundler (Leaflet guesses them from the CSS). */
export const markerIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});

export { L };
