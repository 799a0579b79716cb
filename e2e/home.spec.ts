import { expect, test } from '@playwright/test';
import { logIn, RAW_KEY, visibleText } from './helpers.ts';

test("an agent's home searches the reservations it booked and lists its last bookings", async ({ page }) => {
  await logIn(page, 'agent@demo.local');
  await page.goto('agent');
  const mine = page.getByRole('table', { name: 'My last bookings' });
  await expect(mine.locator('tbody tr')).toHaveCount(5);
  await page.getByRole('radiogroup', { name: 'My last bookings' }).getByText('Show 10').click();
  await expect(mine.locator('tbody tr')).toHaveCount(10);
  // the demo's agent opened two of its bookings again
  await expect(page.getByRole('table', { name: 'My recent views' }).locator('tbody tr')).toHaveCount(2);
  const tile = page.getByLabel(/^My last 24 hours: \d+$/);
  await expect(tile).toBeVisible();
  expect(Number((await tile.getAttribute('aria-label'))?.split(': ')[1])).toBeGreaterThan(0);

  // the search stays disabled until text is typed, then opens the list filtered by it and the range
  const lastName = (await mine.locator('tbody tr').first().locator('td').nth(3).innerText()).split(' ').at(-1) ?? '';
  const search = page.getByRole('button', { name: 'Search' });
  await expect(search).toBeDisabled();
  await page.getByLabel('Search text').fill(lastName);
  await expect(search).toBeEnabled();
  await search.click();
  await expect(page).toHaveURL(/\/jobs\?search=.+&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByText(/^Total: [1-9]\d*$/)).toBeVisible();
  const rows = page.locator('tbody tr');
  for (const row of await rows.all()) await expect(row).toContainText(lastName);
});

test("the dashboard's numbers open the lists they count", async ({ page }) => {
  await logIn(page, 'dispatcher@demo.local');
  await page.goto('');
  const unassigned = page.getByLabel(/^Reservations unassigned today: \d+$/);
  await expect(unassigned).toBeVisible();
  const count = (await unassigned.getAttribute('aria-label'))?.split(': ')[1];
  await unassigned.click();
  await expect(page).toHaveURL(/\/jobs\?from=.+&status=new%2Conhold%2Cwaiting$/);
  await expect(page.getByText(`Total: ${count}`, { exact: true })).toBeVisible();

  await page.goto('');
  const sent = page.getByRole('link', { name: /^Sent: \d+$/ });
  const trips = (await sent.innerText()).split(': ')[1];
  await sent.click();
  await expect(page).toHaveURL(/\/trips\?from=.+&status=sent$/);
  await expect(page.getByText(`Total: ${trips}`, { exact: true })).toBeVisible();
});

test('the history screen lists every change, filtered, and opens the record; in Portuguese too', async ({ page }) => {
  await logIn(page, 'admin@demo.local');
  await page.goto('history');
  await expect(page.getByText(/^Total: [1-9]\d*$/)).toBeVisible();
  await page.getByRole('combobox', { name: 'Collection' }).click();
  await page.getByRole('option', { name: 'Vehicles' }).click();
  await page.getByRole('combobox', { name: 'Operation' }).click();
  await page.getByRole('option', { name: 'Created' }).click();
  const rows = page.getByRole('table', { name: 'History' }).locator('tbody tr');
  await expect(rows.first()).toContainText('Vehicles');
  for (const row of await rows.all()) await expect(row).toContainText('Created');
  const id = await rows.first().getByRole('link').innerText();
  await rows.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/vehicles/edit/${id}$`));

  await page.getByText('PT', { exact: true }).click();
  for (const path of ['history', '', 'agent']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await visibleText(page), path).not.toMatch(RAW_KEY);
  }
});
