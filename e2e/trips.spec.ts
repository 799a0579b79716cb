import { expect, type Page, test } from '@playwright/test';
import { addDays, weekDayOf } from '../packages/domain/src/index.ts';
import { siteDay, TEST_DAYS } from './days.ts';
import { logIn, RAW_KEY, visibleText } from './helpers.ts';

/**
 * Opens the first new trip without a driver of the coming days from the trips list, as a
 * dispatcher finds one (other tests leave new trips with drivers: a reassignment clears, then assigns),
 * with its riders shown.
 */
async function openNewTrip(page: Page): Promise<string> {
  await page.goto('trips');
  const today = siteDay();
  for (let n = 0; n < 14; n++) {
    if (n > 0) await page.getByRole('button', { name: 'Next day' }).click();
    // the rows of that day, not those of the day before still on screen
    await expect(page.locator('tbody tr').first()).toContainText(new RegExp(`${addDays(today, n)}|No Results`));
    const index = await page.evaluate(() => {
      const driver = [...document.querySelectorAll('thead th')].findIndex((th) =>
        (th.textContent ?? '').trim().startsWith('Driver'),
      );
      return [...document.querySelectorAll('tbody tr')].findIndex((tr) => {
        const cells = tr.querySelectorAll('td');
        const text = (i: number) => (cells[i] as HTMLElement | undefined)?.innerText.trim() ?? '';
        return [...cells].some((_, i) => text(i) === 'New') && driver >= 0 && text(driver) === '';
      });
    });
    if (index >= 0) {
      await page.locator('tbody tr').nth(index).getByRole('link').first().click();
      await expect(page.getByRole('heading', { name: /^Trip #\d+$/ })).toBeVisible();
      // its riders come after the trip: a trip of the demo has at least one
      await expect(page.getByRole('table', { name: 'Riders' }).locator('tbody tr').first()).toBeVisible();
      return page.url();
    }
  }
  throw new Error('no new trip in the coming two weeks of the demo');
}

test('a dispatcher assigns, sends, starts, runs and ends a trip; a second console sees it live', async ({
  page,
  browser,
}) => {
  await logIn(page, 'dispatcher@demo.local');
  const url = await openNewTrip(page);
  const status = (p: Page) => p.getByRole('status', { name: 'Status' });
  await expect(status(page)).toHaveText('New');

  // assign a driver: the driver's own vehicle goes with them when none is chosen
  await page.getByRole('combobox', { name: 'Driver', exact: true }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('combobox', { name: 'Vehicle', exact: true }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText(/^Trip #\d+ assigned$/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Assign log' })).toContainText('Assigned');

  // a second console on the same trip
  const other = await browser.newContext();
  const second = await other.newPage();
  // (another role than the dispatcher's: the forgot-password test changes the dispatch admin's password)
  await logIn(second, 'admin@demo.local');
  await second.goto(url);
  await expect(status(second)).toHaveText('New');

  await page.getByRole('button', { name: 'Send to driver' }).click();
  await expect(status(page)).toHaveText('Sent');
  await page.getByRole('button', { name: 'Record approval' }).click();
  await expect(status(page)).toHaveText('Approved');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(status(page)).toHaveText('In route');
  // the other console follows without a reload
  await expect(status(second)).toHaveText('In route');

  // ending too early warns, and nothing changes when the dispatcher declines
  await page.getByRole('button', { name: 'End', exact: true }).click();
  const warning = page.getByRole('dialog', { name: 'End the trip' });
  await expect(warning).toContainText(/not dropped off yet/);
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(status(page)).toHaveText('In route');

  // each rider picked up and dropped off
  const riders = page.getByRole('table', { name: 'Riders' });
  const count = await riders.locator('tbody tr').count();
  for (let i = 0; i < count; i++) {
    await riders
      .getByRole('button', { name: /^Picked up: / })
      .first()
      .click();
    await expect(riders.getByRole('button', { name: /^Dropped off: / })).toHaveCount(1);
    await riders
      .getByRole('button', { name: /^Dropped off: / })
      .first()
      .click();
    await expect(riders.getByRole('button', { name: /^Dropped off: / })).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'End', exact: true }).click();
  await expect(status(page)).toHaveText('Done');
  await expect(status(second)).toHaveText('Done');
  expect(await visibleText(page)).not.toMatch(RAW_KEY);
  await other.close();
});

test('a dispatcher routes a day: the plan first, then its trips written', async ({ page }) => {
  const day = siteDay(TEST_DAYS.routeADay);
  await logIn(page, 'dispatcher@demo.local');
  await page.goto('trips');
  await page.getByRole('link', { name: 'Route a day' }).click();
  await expect(page.getByRole('heading', { name: 'Route a day' })).toBeVisible();
  const dayInput = page.getByRole('textbox', { name: 'Day', exact: true });
  await dayInput.fill(day);
  await dayInput.press('Tab');
  await page.getByRole('button', { name: 'Plan', exact: true }).click();
  // the search tells how it goes, and stops when asked with the best plan so far
  const searching = page.getByRole('region', { name: 'Searching for the best plan…' });
  await expect(searching).toContainText(/Best plan so far: \d+ vehicles/);
  await searching.getByRole('button', { name: 'Stop and show the best plan' }).click();
  const preview = page.getByRole('region', { name: 'The plan' });
  await expect(preview).toBeVisible({ timeout: 5_000 });
  await expect(preview.getByText('Kilometres (estimated)')).toBeVisible();
  const write = preview.getByRole('button', { name: /^Write \d+ trips?$/ });
  const count = Number(((await write.textContent()) ?? '').match(/\d+/)?.[0]);
  expect(count).toBeGreaterThan(0);
  const written = `${count} trip${count === 1 ? '' : 's'} written`;
  await write.click();
  const run = page.getByRole('region', { name: 'The run written' });
  await expect(run).toContainText(written);
  // undone: the day as it was, the same reservations to route again
  await run.getByRole('button', { name: 'Undo this run' }).click();
  await expect(page.getByText(/^Run undone: \d+ trips? taken back/)).toBeVisible();
  await page.getByRole('button', { name: 'Plan', exact: true }).click();
  await expect(preview.getByRole('button', { name: /^Write \d+ trips?$/ })).toBeVisible({ timeout: 30_000 });
  await preview.getByRole('button', { name: /^Write \d+ trips?$/ }).click();
  await run.getByRole('button', { name: 'Open the trips' }).click();
  // the list opens on the day routed, the new trips among its trips
  await expect(page.locator('tbody tr').filter({ hasText: 'New' }).first()).toBeVisible();
  expect(await visibleText(page)).not.toMatch(RAW_KEY);
});

test('the queue panel routes a waiting reservation into a trip and puts another on hold; a trip is released', async ({
  page,
}) => {
  await logIn(page, 'dispatcher@demo.local');
  await openNewTrip(page);
  const riders = page.getByRole('table', { name: 'Riders' }).locator('tbody tr');
  const before = await riders.count();
  const queue = page.getByRole('region', { name: 'Queue' });
  const heading = queue.getByRole('heading', { name: /^Queue \(\d+\)$/ });
  const waiting = async () => Number(((await heading.textContent()) ?? '').match(/\d+/)?.[0]);
  const queued = await waiting();
  expect(queued).toBeGreaterThan(1);

  // "Move to trip": the reservation rides this trip, and leaves the queue
  const first = queue.getByRole('article').first();
  const name = (await first.getAttribute('aria-label')) ?? '';
  await first.getByRole('button', { name: 'Move to trip' }).click();
  await expect(page.getByText(/^Reservation moved to trip #\d+$/)).toBeVisible();
  await expect(riders).toHaveCount(before + 1);
  await expect(page.getByRole('table', { name: 'Riders' })).toContainText(name);
  await expect(heading).toHaveText(`Queue (${queued - 1})`);

  // "Remove from queue": on hold, out of the queue
  await queue.getByRole('article').first().getByRole('button', { name: 'Remove from queue' }).click();
  await expect(page.getByText('Reservation removed from the queue (on hold)')).toBeVisible();
  await expect(heading).toHaveText(`Queue (${queued - 2})`);

  // released: the trip is gone and its riders wait in the queue again
  await page.getByRole('button', { name: 'Release routing' }).click();
  await expect(page.getByText(/^Trip #\d+ released: its reservations wait in the queue$/)).toBeVisible();
  await expect(page).toHaveURL(/\/trips$/);
  expect(await visibleText(page)).not.toMatch(RAW_KEY);
});

test('a dispatcher marks a favourite trip and lists the favourites only', async ({ page }) => {
  await logIn(page, 'dispatcher@demo.local');
  await openNewTrip(page);
  const id = ((await page.getByRole('heading', { name: /^Trip #\d+$/ }).textContent()) ?? '').replace(/\D/g, '');
  const star = page.getByRole('button', { name: 'Favourite trip' });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(page.getByText(`Trip #${id} added to your favourites`)).toBeVisible();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.goto('trips');
  await page.getByRole('switch', { name: 'Favourites only' }).check();
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr').getByRole('link', { name: id, exact: true })).toBeVisible();
});

test('a dispatcher routes and assigns a day’s reservations to the drivers on shift', async ({ page }) => {
  // a weekday ahead (the demo's drivers work weekdays), not today, whose reservations may all be
  // past by the evening, nor a day another test routes or books (TEST_DAYS)
  let offset = 3;
  while ([0, 6].includes(weekDayOf(siteDay(offset))) || Object.values<number>(TEST_DAYS).includes(offset)) offset++;
  await logIn(page, 'dispatcher@demo.local');
  await page.goto('trips/route');
  const dayInput = page.getByRole('textbox', { name: 'Day', exact: true });
  await dayInput.fill(siteDay(offset));
  await dayInput.press('Tab');
  await page.getByRole('switch', { name: 'Assign the drivers on shift' }).check();
  await page.getByRole('button', { name: 'Plan', exact: true }).click();
  const preview = page.getByRole('region', { name: 'The plan' });
  await expect(preview).toBeVisible({ timeout: 30_000 });
  const write = preview.getByRole('button', { name: /^Write \d+ trips?$/ });
  const count = Number(((await write.textContent()) ?? '').match(/\d+/)?.[0]);
  expect(count).toBeGreaterThan(0);
  await write.click();
  // a trip of the run, new, with its driver and vehicle
  const first = page
    .getByRole('region', { name: 'The run written' })
    .getByRole('link', { name: /^Trip #\d+$/ })
    .first();
  const title = (await first.textContent()) ?? '';
  await first.click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Status' })).toHaveText('New');
  await expect(page.getByText(/^Driver: (?!Not assigned).+/)).toBeVisible();
  await expect(page.getByText(/^Vehicle: (?!Not assigned).+/)).toBeVisible();
});

test('a dispatcher routes the reservations chosen on the list', async ({ page }) => {
  await logIn(page, 'dispatcher@demo.local');
  await page.goto('jobs');
  const day = siteDay(TEST_DAYS.chosenOnList);
  // the list of that day
  for (let n = 0; n < 2; n++) await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.locator('tbody tr').first()).toContainText(day);
  const waiting = page.locator('tbody tr').filter({ hasText: /New|Waiting/ });
  for (let i = 0; i < 2; i++) await waiting.nth(i).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Route 2 chosen' }).click();
  await expect(
    page.getByText('Routing the 2 reservations chosen on the list, of those waiting on this day.'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Day', exact: true })).toHaveValue(day);
  await page.getByRole('button', { name: 'Plan', exact: true }).click();
  const searching = page.getByRole('region', { name: 'Searching for the best plan…' });
  await searching.getByRole('button', { name: 'Stop and show the best plan' }).click();
  const preview = page.getByRole('region', { name: 'The plan' });
  await expect(preview).toBeVisible();
  // both chosen, nothing else: routed, or in the queue with their reason
  const routed = Number(
    (
      (await preview
        .getByText(/^Reservations routed/)
        .locator('..')
        .textContent()) ?? ''
    ).replace(/\D/g, ''),
  );
  const queued = await preview.getByRole('listitem').count();
  expect(routed + queued).toBe(2);
});

test('the trips list filters by driver, by name', async ({ page }) => {
  await logIn(page, 'dispatcher@demo.local');
  await page.goto('trips');
  await page.getByRole('button', { name: 'All dates' }).click();
  await page.getByRole('button', { name: 'Filter by Driver' }).click();
  await expect(page.getByRole('combobox', { name: 'Filter by Driver' })).toBeFocused();
  const option = page.getByRole('option').first();
  const name = ((await option.textContent()) ?? '').trim();
  await option.click();
  await page.keyboard.press('Escape');
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toContainText(name);
  const count = await rows.count();
  for (let i = 0; i < count; i++) await expect(rows.nth(i)).toContainText(name);
});
