// leaflet-geoman after Leaflet (it extends the global `L`), with its stylesheet.
import './leaflet.ts';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
