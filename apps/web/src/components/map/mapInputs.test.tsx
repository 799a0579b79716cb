import '#src/test/setup.ts';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '#src/app/AppProviders.tsx';
import { changeLanguage } from '#src/app/i18n.ts';
import { logInAs, logOut, makeUser } from '#src/test/session.ts';
import { PointInput } from './PointInput.tsx';
import { PolygonInput } from './PolygonInput.tsx';

// Leaflet and leaflet-geoman run in happy-dom (a map of size 0): the map is real, only drawing by mouse is not tested here.

function wrap(ui: ReactNode) {
  return render(<AppProviders queryClient={new QueryClient()}>{ui}</AppProviders>);
}

const ring = [
  { lat: 38.7, lon: -9.2 },
  { lat: 38.8, lon: -9.2 },
  { lat: 38.8, lon: -9.0 },
  { lat: 38.7, lon: -9.0 },
];

beforeEach(() => {
  logInAs(makeUser('admin'), [{ name: 'map center', value: '38.7223, -9.1393', unit: null }]);
});
afterEach(async () => {
  logOut();
  await act(() => changeLanguage('en'));
});

describe('PolygonInput', () => {
  it('shows the map with the polygon-only geoman toolbar, the polygon and its error', () => {
    const { container } = wrap(
      <PolygonInput label="Area map" value={ring} onChange={() => {}} error="Draw the area" color="#d62728" />,
    );
    expect(screen.getByRole('region', { name: 'Map: Area map' })).toBeTruthy();
    expect(screen.getByText('Area map')).toBeTruthy();
    expect(screen.getByText('Draw the area')).toBeTruthy();
    expect(screen.getByText('4 points')).toBeTruthy();
    const titles = [...container.querySelectorAll('.leaflet-pm-toolbar .button-container')].map((el) =>
      el.getAttribute('title'),
    );
    expect(titles).toEqual(['Draw a polygon', 'Edit the polygon', 'Remove the polygon']);
    expect(screen.getByTitle('Zoom in')).toBeTruthy();
    const path = container.querySelector('.leaflet-overlay-pane path');
    expect(path?.getAttribute('stroke')).toBe('#d62728');
  });

  it('says there is no polygon yet', () => {
    const { container } = wrap(<PolygonInput label="Area map" value={undefined} onChange={() => {}} />);
    expect(screen.getByText(/No polygon yet/)).toBeTruthy();
    expect(container.querySelector('.leaflet-overlay-pane path')).toBeNull();
  });

  it('takes typed points, reports bad lines, and clears with an empty list', () => {
    const onChange = vi.fn();
    wrap(<PolygonInput label="Area map" value={ring} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Points' }));
    const text = screen.getByRole('textbox', { name: /Points, one/ }) as HTMLTextAreaElement;
    expect(text.value).toBe('38.7, -9.2\n38.8, -9.2\n38.8, -9\n38.7, -9');

    fireEvent.change(text, { target: { value: '1, 2\nsomewhere\n95, 3\n4, 200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply points' }));
    // One problem a line, in the textarea's error.
    expect(screen.getByText(/^Line 2/).innerHTML).toBe(
      'Line 2: “somewhere” is not “lat, lon”<br>Line 3: the latitude must be between -90 and 90' +
        '<br>Line 4: the longitude must be between -180 and 180',
    );
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(text, { target: { value: '1, 2\n3, 4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply points' }));
    expect(screen.getByText('A polygon needs at least 3 points')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(text, { target: { value: '1, 2\n3, 4\n5, 2\n1, 2\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply points' }));
    expect(onChange).toHaveBeenLastCalledWith([
      { lat: 1, lon: 2 },
      { lat: 3, lon: 4 },
      { lat: 5, lon: 2 },
    ]);
    expect(screen.queryByText('A polygon needs at least 3 points')).toBeNull();

    fireEvent.change(text, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply points' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('redraws a polygon set from outside and follows it in the points text', () => {
    const { container, rerender } = wrap(<PolygonInput label="Area map" value={undefined} onChange={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Points' }));
    rerender(
      <AppProviders queryClient={new QueryClient()}>
        <PolygonInput label="Area map" value={ring.slice(0, 3)} onChange={() => {}} />
      </AppProviders>,
    );
    expect(container.querySelectorAll('.leaflet-overlay-pane path')).toHaveLength(1);
    expect((screen.getByRole('textbox', { name: /Points, one/ }) as HTMLTextAreaElement).value).toBe(
      '38.7, -9.2\n38.8, -9.2\n38.8, -9',
    );
  });

  it('removes the polygon with the remove tool', () => {
    const onChange = vi.fn();
    const { container } = wrap(<PolygonInput label="Area map" value={ring} onChange={onChange} />);
    const remove = screen.getByTitle('Remove the polygon').querySelector('a');
    if (!remove) throw new Error('no remove button');
    fireEvent.click(remove);
    const path = container.querySelector('.leaflet-overlay-pane path');
    if (!path) throw new Error('no polygon drawn');
    fireEvent.click(path);
    expect(onChange).toHaveBeenCalledWith([]);
    expect(container.querySelector('.leaflet-overlay-pane path')).toBeNull();
  });

  it('speaks European Portuguese, the toolbar too', async () => {
    await act(() => changeLanguage('pt'));
    const { container } = wrap(<PolygonInput label="Zona" value={ring} onChange={() => {}} />);
    expect(screen.getByRole('region', { name: 'Mapa: Zona' })).toBeTruthy();
    expect(screen.getByText('4 pontos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pontos' })).toBeTruthy();
    const titles = [...container.querySelectorAll('.leaflet-pm-toolbar .button-container')].map((el) =>
      el.getAttribute('title'),
    );
    expect(titles).toEqual(['Desenhar um polígono', 'Editar o polígono', 'Remover o polígono']);
  });
});

describe('PointInput', () => {
  it('shows the point in the fields and as a marker', () => {
    const { container } = wrap(
      <PointInput label="Location" value={{ lat: 38.7, lon: -9.1 }} onChange={() => {}} error="Too far" />,
    );
    expect(screen.getByRole('region', { name: 'Map: Location' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Latitude' }) as HTMLInputElement).value).toBe('38.7');
    expect((screen.getByRole('textbox', { name: 'Longitude' }) as HTMLInputElement).value).toBe('-9.1');
    expect(container.querySelector('.leaflet-marker-icon')?.getAttribute('title')).toBe('Selected place');
    expect(screen.getByText('Too far')).toBeTruthy();
  });

  it('has no marker without a point; a click on the map puts it there', () => {
    const onChange = vi.fn();
    const { container } = wrap(<PointInput label="Location" value={{}} onChange={onChange} />);
    expect(container.querySelector('.leaflet-marker-icon')).toBeNull();
    // A map of size 0 in happy-dom: any click lands on its centre, the session's "map center".
    fireEvent.click(screen.getByRole('region', { name: 'Map: Location' }), { clientX: 0, clientY: 0 });
    const picked = onChange.mock.calls[0]?.[0];
    expect(picked.lat).toBeCloseTo(38.7223, 2);
    expect(picked.lon).toBeCloseTo(-9.1393, 2);
  });

  it('calls onChange once both typed coordinates are in range', () => {
    const onChange = vi.fn();
    wrap(<PointInput label="Location" value={undefined} onChange={onChange} />);
    const lat = screen.getByRole('textbox', { name: 'Latitude' });
    const lon = screen.getByRole('textbox', { name: 'Longitude' });
    fireEvent.change(lat, { target: { value: '95' } });
    expect(screen.getByText('Between -90 and 90')).toBeTruthy();
    fireEvent.change(lon, { target: { value: '-9.5' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(lat, { target: { value: '38.5' } });
    expect(screen.queryByText('Between -90 and 90')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith({ lat: 38.5, lon: -9.5 });
  });

  it('moves the fields with a value changed elsewhere', () => {
    const { rerender } = wrap(<PointInput label="Location" value={{ lat: 1, lon: 2 }} onChange={() => {}} />);
    rerender(
      <AppProviders queryClient={new QueryClient()}>
        <PointInput label="Location" value={{ lat: 3, lon: 4 }} onChange={() => {}} />
      </AppProviders>,
    );
    expect((screen.getByRole('textbox', { name: 'Latitude' }) as HTMLInputElement).value).toBe('3');
    expect((screen.getByRole('textbox', { name: 'Longitude' }) as HTMLInputElement).value).toBe('4');
  });
});
