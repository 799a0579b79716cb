import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TILES,
  formatPointLines,
  latLngsFromRing,
  PALETTE,
  paletteColor,
  parsePointLines,
  pointOf,
  ringFromLatLngs,
  sameRing,
  tileSourceOf,
} from './mapHelpers.ts';

const ll = (lat: number, lng: number) => ({ lat, lng });

describe('ring conversion', () => {
  const ring = [
    { lat: 38.7, lon: -9.1 },
    { lat: 38.8, lon: -9.1 },
    { lat: 38.8, lon: -9.2 },
  ];

  it('reads the outer ring of a polygon (rings, flat or multi-polygon) and drops a closing duplicate', () => {
    const outer = [ll(38.7, -9.1), ll(38.8, -9.1), ll(38.8, -9.2)];
    expect(ringFromLatLngs([outer])).toEqual(ring);
    expect(ringFromLatLngs(outer)).toEqual(ring);
    expect(ringFromLatLngs([[outer, [ll(1, 1), ll(2, 2), ll(3, 3)]]])).toEqual(ring);
    expect(ringFromLatLngs([[...outer, ll(38.7, -9.1)]])).toEqual(ring);
    expect(ringFromLatLngs([])).toEqual([]);
    expect(ringFromLatLngs([[]])).toEqual([]);
  });

  it('gives Leaflet pairs without the closing duplicate nor unusable points', () => {
    expect(latLngsFromRing([...ring, { lat: 38.7, lon: -9.1 }])).toEqual([
      [38.7, -9.1],
      [38.8, -9.1],
      [38.8, -9.2],
    ]);
    expect(latLngsFromRing([{ lat: 1, lon: 2 }, { lat: 91, lon: 0 }, { lat: 3 }])).toEqual([[1, 2]]);
    expect(latLngsFromRing(undefined)).toEqual([]);
  });

  it('compares rings point by point', () => {
    expect(sameRing(ring, [...ring])).toBe(true);
    expect(sameRing(ring, ring.slice(1))).toBe(false);
    expect(sameRing(ring, [ring[0], ring[1], { lat: 38.8, lon: -9.3 }] as typeof ring)).toBe(false);
  });

  it('knows a usable point', () => {
    expect(pointOf({ lat: 38.7, lon: -9.1 })).toEqual({ lat: 38.7, lon: -9.1 });
    expect(pointOf({ lat: 38.7 })).toBeNull();
    expect(pointOf({ lat: 95, lon: 0 })).toBeNull();
    expect(pointOf({ lat: 0, lon: -181 })).toBeNull();
    expect(pointOf(undefined)).toBeNull();
  });
});

describe('"lat, lon" lines', () => {
  it('parses one point a line, any of comma, semicolon, tab or spaces between, skipping blank lines', () => {
    expect(parsePointLines('38.7223, -9.1393\n\n  38.8;-9.2 \n38.9\t-9.0\n-1 +2\n.5, 0.')).toEqual({
      ring: [
        { lat: 38.7223, lon: -9.1393 },
        { lat: 38.8, lon: -9.2 },
        { lat: 38.9, lon: -9 },
        { lat: -1, lon: 2 },
        { lat: 0.5, lon: 0 },
      ],
      errors: [],
    });
  });

  it('drops a closing repeat of the first point', () => {
    expect(parsePointLines('1, 1\n2, 2\n3, 1\n1, 1').ring).toHaveLength(3);
  });

  it('reports lines that are not two numbers, and coordinates out of range', () => {
    const { ring, errors } = parsePointLines('1, 2\nabc\n1, 2, 3\n91, 0\n-90, 180\n0, -180.5\n0x1, 2\n,\n1,,2');
    expect(ring).toEqual([
      { lat: 1, lon: 2 },
      { lat: -90, lon: 180 },
    ]);
    expect(errors).toEqual([
      { line: 2, text: 'abc', reason: 'format' },
      { line: 3, text: '1, 2, 3', reason: 'format' },
      { line: 4, text: '91, 0', reason: 'lat' },
      { line: 6, text: '0, -180.5', reason: 'lon' },
      { line: 7, text: '0x1, 2', reason: 'format' },
      { line: 8, text: ',', reason: 'format' },
      { line: 9, text: '1,,2', reason: 'format' },
    ]);
  });

  it('formats a ring with up to 6 decimals and parses back to it', () => {
    const ring = [
      { lat: 38.72231234567, lon: -9.1 },
      { lat: 38.8, lon: -9.15 },
      { lat: 38.75, lon: -9.25 },
    ];
    const text = formatPointLines([...ring, { lat: 38.72231234567, lon: -9.1 }]);
    expect(text).toBe('38.722312, -9.1\n38.8, -9.15\n38.75, -9.25');
    expect(parsePointLines(text).ring).toEqual([{ lat: 38.722312, lon: -9.1 }, ring[1], ring[2]]);
    expect(formatPointLines(undefined)).toBe('');
  });
});

describe('tile source', () => {
  const setting = (value: unknown, unit: number | null = null) => ({ name: 'map tiles', value, unit });

  it('is OpenStreetMap without a usable "map tiles" setting', () => {
    expect(tileSourceOf([], 1)).toEqual(DEFAULT_TILES);
    expect(tileSourceOf([setting('')], 1)).toEqual(DEFAULT_TILES);
    expect(tileSourceOf([setting('https://tiles.example/{z}/{x}.png')], 1)).toEqual(DEFAULT_TILES);
    expect(tileSourceOf([setting(42)], 1)).toEqual(DEFAULT_TILES);
  });

  it('takes the setting, the site value first, as a template or {url, attribution}', () => {
    const system = setting('https://a.example/{z}/{x}/{y}.png');
    const site = setting({ url: 'https://b.example/{z}/{x}/{y}.png', attribution: '© B' }, 2);
    expect(tileSourceOf([system, site], 1)).toEqual({ url: 'https://a.example/{z}/{x}/{y}.png', attribution: '' });
    expect(tileSourceOf([system, site], 2)).toEqual({ url: 'https://b.example/{z}/{x}/{y}.png', attribution: '© B' });
  });

  it('shows an attribution as text, never as markup that runs (stored XSS through the setting)', () => {
    const hostile = setting({ url: 'https://b.example/{z}/{x}/{y}.png', attribution: '<img src=x onerror=alert(1)>' });
    expect(tileSourceOf([hostile], 1).attribution).toBe('&lt;img src=x onerror=alert(1)&gt;');
    const linked = setting({
      url: 'https://b.example/{z}/{x}/{y}.png',
      attribution: 'Tiles "B"',
      attributionUrl: 'https://b.example/about',
    });
    expect(tileSourceOf([linked], 1).attribution).toBe(
      '<a href="https://b.example/about" target="_blank" rel="noopener noreferrer">Tiles &quot;B&quot;</a>',
    );
    const script = setting({
      url: 'https://b.example/{z}/{x}/{y}.png',
      attribution: 'B',
      attributionUrl: 'javascript:alert(1)',
    });
    expect(tileSourceOf([script], 1).attribution).toBe('B');
  });
});

describe('palette', () => {
  it('has ten colours and repeats', () => {
    expect(PALETTE).toHaveLength(10);
    expect(new Set(PALETTE).size).toBe(10);
    expect(paletteColor(0)).toBe(PALETTE[0]);
    expect(paletteColor(9)).toBe(PALETTE[9]);
    expect(paletteColor(10)).toBe(PALETTE[0]);
    expect(paletteColor(23)).toBe(PALETTE[3]);
    expect(paletteColor(-1)).toBe(PALETTE[9]);
    expect(paletteColor(Number.NaN)).toBe(PALETTE[0]);
  });
});
