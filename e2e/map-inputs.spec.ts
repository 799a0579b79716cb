import { expect, type Locator, type Page, test } from '@playwright/test';
import { logIn, mainMenu } from './helpers.ts';

// No network here: map tiles are answered empty so the maps draw on a grey background at once.
test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204 }));
});

async function openSettingsList(page: Page, menu: string) {
  await logIn(page, 'admin@demo.local');
  await mainMenu(page).getByText('Settings', { exact: true }).click();
  await mainMenu(page).getByRole('link', { name: menu, exact: true }).click();
}

async function chooseFirst(page: Page, form: Locator, label: string) {
  await form.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option').first().click();
}

test('an area is drawn on the map, saved, reopened with its polygon, and reshaped by typed points', async ({
  page,
}) => {
  await openSettingsList(page, 'Areas');
  await page.getByRole('link', { name: 'Create' }).click();
  const form = page.getByRole('form', { name: 'Area' });
  await chooseFirst(page, form, 'Site');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E drawn zone');
  await form.getByRole('textbox', { name: 'Color', exact: true }).fill('#2ca02c');

  // Without a polygon the form refuses, with the rule's text.
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(form.getByText('Draw an area of at least 3 points')).toBeVisible();

  // Draw a triangle: the toolbar's polygon button, three corners, then the first corner again.
  const map = form.getByRole('region', { name: 'Map: Area on the map' });
  await expect(map).toBeVisible();
  await map.getByRole('button', { name: 'Draw a polygon' }).click();
  // clicks at the map's points: the whole map in the window, not under the form's Save bar at its bottom
  await map.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = await map.boundingBox();
  if (!box) throw new Error('the map has no box');
  // Right of the toolbar and below its row of actions (Finish, Remove the last corner, Cancel).
  const corners = [
    [0.55, 0.5],
    [0.85, 0.55],
    [0.7, 0.85],
  ] as const;
  for (const [x, y] of corners) await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
  await page.mouse.click(box.x + box.width * corners[0][0], box.y + box.height * corners[0][1]);
  await expect(form.getByText('3 points', { exact: true })).toBeVisible();
  // drawn in the area's colour
  await expect(map.locator('path.leaflet-interactive').first()).toHaveAttribute('stroke', '#2ca02c');

  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Area created')).toBeVisible();

  await page.getByLabel('Search').fill('E2E drawn zone');
  await expect(page.getByText('Total: 1', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'E2E drawn zone' }).click();
  const edit = page.getByRole('form', { name: 'Area' });
  await expect(edit.getByText('3 points', { exact: true })).toBeVisible();

  // The keyboard way: four corners typed as "lat, lon" lines.
  await edit.getByRole('button', { name: 'Points' }).click();
  await edit
    .getByRole('textbox', { name: /^Points, one/ })
    .fill(['45.55, -73.75', '45.60, -73.70', '45.55, -73.62', '45.50, -73.70'].join('\n'));
  await edit.getByRole('button', { name: 'Apply points' }).click();
  await expect(edit.getByText('4 points', { exact: true })).toBeVisible();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Area updated')).toBeVisible();

  await page.getByLabel('Search').fill('E2E drawn zone');
  await page.getByRole('link', { name: 'E2E drawn zone' }).click();
  const reopened = page.getByRole('form', { name: 'Area' });
  await expect(reopened.getByText('4 points', { exact: true })).toBeVisible();
  await reopened.getByRole('button', { name: 'Points' }).click();
  await expect(reopened.getByRole('textbox', { name: /^Points, one/ })).toHaveValue(/^45\.55, -73\.75\n45\.6, -73\.7/);
});

test('a location is placed by a click on the map, which fills its latitude and longitude', async ({ page }) => {
  await openSettingsList(page, 'Locations');
  await page.getByRole('link', { name: 'Create' }).click();
  const form = page.getByRole('form', { name: 'Location' });
  await chooseFirst(page, form, 'Site');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E map depot');
  await form.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Rue du Dépôt');

  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(form.getByText('This field is required').first()).toBeVisible();

  const map = form.getByRole('region', { name: 'Map: Position on the map' });
  await map.click({ position: { x: 120, y: 90 } });
  const lat = form.getByRole('textbox', { name: 'Latitude', exact: true });
  const lon = form.getByRole('textbox', { name: 'Longitude', exact: true });
  await expect(lat).toHaveValue(/^-?\d+\.\d+$/);
  await expect(lon).toHaveValue(/^-?\d+\.\d+$/);
  const picked = { lat: await lat.inputValue(), lon: await lon.inputValue() };

  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Location created')).toBeVisible();
  await page.getByLabel('Search').fill('E2E map depot');
  await page.getByRole('link', { name: 'E2E map depot' }).click();
  const edit = page.getByRole('form', { name: 'Location' });
  await expect(edit.getByRole('textbox', { name: 'Latitude', exact: true })).toHaveValue(picked.lat);
  await expect(edit.getByRole('textbox', { name: 'Longitude', exact: true })).toHaveValue(picked.lon);
});

test('the map finds a known place by name and moves to it', async ({ page }) => {
  await openSettingsList(page, 'Locations');
  await page.getByRole('link', { name: 'Create' }).click();
  const form = page.getByRole('form', { name: 'Location' });
  await form.getByRole('combobox', { name: 'Find a place on the map' }).fill('Trudeau');
  await page.getByRole('option', { name: /Montréal-Trudeau International Airport/ }).click();
  // the map is now centred on the airport: a click in its middle picks a point there
  const map = form.getByRole('region', { name: 'Map: Position on the map' });
  const lat = form.getByRole('textbox', { name: 'Latitude', exact: true });
  const lon = form.getByRole('textbox', { name: 'Longitude', exact: true });
  await expect(async () => {
    await map.click();
    expect(Math.abs(Number(await lat.inputValue()) - 45.4706)).toBeLessThan(0.01);
    expect(Math.abs(Number(await lon.inputValue()) + 73.7408)).toBeLessThan(0.01);
  }).toPass({ timeout: 10_000 });
});

test('an address of a form is placed on a map in a dialog, which fills its latitude and longitude', async ({
  page,
}) => {
  await logIn(page, 'admin@demo.local');
  await mainMenu(page).getByRole('link', { name: 'Passengers', exact: true }).click();
  await page.locator('tbody tr').first().getByRole('link').first().click();
  const form = page.getByRole('form', { name: 'Passenger' });
  await form.getByRole('textbox', { name: 'Office address', exact: true }).fill('1000 Rue De La Gauchetière');
  await form.getByRole('button', { name: 'Pick Office address on the map' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pick Office address on the map' });
  await dialog.getByRole('region', { name: 'Map: Office address' }).click({ position: { x: 150, y: 100 } });
  const lat = await dialog.getByRole('textbox', { name: 'Latitude', exact: true }).inputValue();
  expect(lat).toMatch(/^\d+\.\d+$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  // the form's office latitude is the one picked (the third "Latitude" of the addresses: home, second home, office)
  await expect(form.getByRole('textbox', { name: 'Latitude', exact: true }).nth(2)).toHaveValue(lat);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Passenger updated')).toBeVisible();
});
