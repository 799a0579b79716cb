import { expect, test } from '@playwright/test';
import { siteDay, TEST_DAYS } from './days.ts';
import { logIn, RAW_KEY, visibleText } from './helpers.ts';

test('an agent books two seats on a shuttle departure and sees them taken', async ({ page }) => {
  const day = siteDay(TEST_DAYS.shuttleSeats);
  await logIn(page, 'agent@demo.local');
  await page.goto('jobs');
  await page.getByRole('link', { name: 'Shuttle seat' }).click();
  await expect(page.getByRole('heading', { name: 'Shuttle seat' })).toBeVisible();
  const dayInput = page.getByRole('textbox', { name: 'Day', exact: true });
  await dayInput.fill(day);
  await dayInput.press('Tab');
  const departures = page.getByRole('table', { name: 'Departures' });
  const first = departures.getByRole('row').nth(1);
  await expect(first).toContainText('YUL-747');
  const seatsCell = first.getByRole('cell').nth(3);
  const [left, capacity] = ((await seatsCell.textContent()) ?? '').match(/\d+/g)?.map(Number) ?? [];
  await first.getByRole('button', { name: /^Choose / }).click();

  const form = page.getByRole('form', { name: 'Seat' });
  await expect(form.getByRole('combobox', { name: 'Get off at' })).toHaveValue('YUL departures');
  await form.getByRole('combobox', { name: 'Passenger', exact: true }).click();
  await page.getByRole('option').nth(2).click();
  await expect(form.getByRole('textbox', { name: 'Last name', exact: true })).not.toHaveValue('');
  await form.getByRole('textbox', { name: 'Seats', exact: true }).fill('2');
  await form.getByRole('button', { name: 'Book the seat' }).click();
  await expect(page.getByText(/^Seat booked: reservation #\d+$/)).toBeVisible();
  await expect(seatsCell).toHaveText(`${(left as number) - 2} of ${capacity}`);
  expect(await visibleText(page)).not.toMatch(RAW_KEY);
});
