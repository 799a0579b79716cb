import { expect, test } from '@playwright/test';
import { siteDay } from './days.ts';
import { logIn, RAW_KEY, visibleText } from './helpers.ts';

test('a dispatcher reassigns a trip by dragging it onto another driver on the timeline', async ({ page }) => {
  await logIn(page, 'dispatcher@demo.local');
  await page.goto('timeline');
  const grid = page.getByRole('grid', { name: 'Timeline' });
  // today has its line for now
  await expect(grid.getByLabel('Now')).toBeAttached();
  await page.getByRole('button', { name: 'Next day' }).click();
  const tomorrow = siteDay(1);
  await expect(page.getByLabel('Day shown')).toHaveText(
    new Date(`${tomorrow}T12:00:00`).toLocaleDateString('en', {
      weekday: 'short',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    }),
  );

  // a trip not yet started on a driver's row, dragged onto the next driver's row
  const drivers = grid
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') })
    .filter({ hasNotText: 'No driver' });
  const source = drivers.filter({ has: page.locator('[aria-roledescription="draggable trip"]') }).first();
  const bar = source.locator('[aria-roledescription="draggable trip"]').first();
  await bar.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const id = ((await bar.getAttribute('aria-label')) ?? '').match(/^Trip #(\d+)/)?.[1];
  expect(id).toBeTruthy();
  const target = source.locator('xpath=following-sibling::*[1]');
  const targetName = (await target.getAttribute('aria-label')) ?? '';
  expect(targetName).not.toBe(await source.getAttribute('aria-label'));
  const from = await bar.boundingBox();
  const to = await target.getByRole('gridcell').boundingBox();
  if (!from || !to) throw new Error('the timeline is not laid out');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + 20, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();

  // the clear-first rule: the dispatcher is told, then it is done
  const dialog = page.getByRole('dialog', { name: 'Reassign the trip' });
  await expect(dialog).toContainText(`Trip #${id} is assigned to`);
  await dialog.getByRole('button', { name: 'Clear and reassign' }).click();
  await expect(page.getByText(`Trip #${id} assigned to ${targetName}`)).toBeVisible();
  // the bar moved to its new driver's row (rows are found again: the one it left may no longer lead)
  await expect(
    grid.getByRole('row', { name: targetName, exact: true }).getByLabel(new RegExp(`^Trip #${id},`)),
  ).toBeVisible();
  expect(await visibleText(page)).not.toMatch(RAW_KEY);
});
