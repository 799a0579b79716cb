import { expect, test } from '@playwright/test';
import { siteDay, TEST_DAYS } from './days.ts';
import { logIn, mainMenu } from './helpers.ts';

/**
 * The routing scheduler (add-on 550, on in the demo): a dispatcher sets a schedule for the day two
 * weeks on (a day no other test routes), runs it, sees its run and its trips, then undoes it, which
 * puts the day's queue back as it was. The scheduler's own clock (a run at its time, runs missed
 * while down) is tested on the server with a clock the test moves (scheduler.test.ts).
 */
test('a dispatcher sets a routing schedule, a run happens, its trips appear, and the run is undone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const day = siteDay(TEST_DAYS.scheduler);
  await logIn(page, 'dispatcher@demo.local');
  await mainMenu(page).getByRole('link', { name: 'Routing Schedules', exact: true }).click();
  // the demo's own: tomorrow's trips every evening
  await expect(page.getByRole('link', { name: 'Tomorrow, every evening at 18:00' })).toBeVisible();

  await page.getByRole('link', { name: 'Create' }).click();
  const form = page.getByRole('form', { name: 'Routing Schedule' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Two weeks ahead');
  // one every few minutes needs how many
  const repeat = async (option: string) => {
    await form.getByRole('combobox', { name: 'Repeat', exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  await repeat('Every few minutes');
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(form.getByText('This field is required').first()).toBeVisible();
  await repeat('Daily');
  await form.getByRole('textbox', { name: 'Days ahead (daily)', exact: true }).fill('14');
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Routing Schedule created')).toBeVisible();

  await page.goto('routingSchedules/runs');
  await expect(page.getByRole('heading', { name: 'Scheduled routing runs' })).toBeVisible();
  // when the demo's schedule runs next, at the site's time: this evening for tomorrow, or (after
  // 18:00) tomorrow evening for the day after
  const evening = (ahead: number) => `${siteDay(ahead)} 18:00, routing ${siteDay(ahead + 1)}`;
  await expect(page.getByRole('region', { name: 'Next runs' })).toContainText(
    new RegExp(`Tomorrow, every evening at 18:00: at (${evening(0)}|${evening(1)})`),
  );
  await page.getByRole('combobox', { name: 'Schedule', exact: true }).click();
  await page.getByRole('option', { name: 'Two weeks ahead', exact: true }).click();
  await page.getByRole('button', { name: 'Run now' }).click();
  const runs = page.getByRole('table', { name: 'Scheduled routing runs' });
  const row = runs.getByRole('row').filter({ hasText: 'Two weeks ahead' }).first();
  await expect(row).toContainText('Trips written', { timeout: 60_000 });
  await expect(row).toContainText(day);
  // the site's dispatchers are told over the socket
  await expect(page.getByText(/Scheduled routing ran \(Two weeks ahead\): Trips written/)).toBeVisible();

  // its trips appear: the first opens on its page, of that day
  const firstTrip = row.getByRole('link').first();
  const tripId = (await firstTrip.textContent())?.trim();
  await firstTrip.click();
  await expect(page.getByRole('heading', { name: `Trip #${tripId}` })).toBeVisible();
  await expect(page.getByText(day).first()).toBeVisible();

  // undone: the trips go, the reservations wait in the queue as before
  await page.goBack();
  await runs
    .getByRole('row')
    .filter({ hasText: 'Two weeks ahead' })
    .first()
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(page.getByText(/^Run undone: \d+ trips? removed$/)).toBeVisible();
  await expect(runs.getByRole('row').filter({ hasText: 'Two weeks ahead' }).first()).toContainText('Undone');
  await page.goto(`trips/${tripId}`);
  await expect(page.getByRole('heading', { name: `Trip #${tripId}` })).toHaveCount(0);
});
