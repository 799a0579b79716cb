import { expect, type Page, test } from '@playwright/test';
import { addDays, weekDayOf } from '../packages/domain/src/index.ts';
import { siteDay } from './days.ts';
import { logIn, RAW_KEY, visibleText } from './helpers.ts';

/** The demo's school breaks (site 2's holidays, apps/server/src/seed/demo/operations.ts). */
const BREAKS = [
  ['2026-12-22', '2027-01-05'],
  ['2027-03-01', '2027-03-05'],
];

/** A Monday at least two weeks ahead on the demo's calendar whose week has school (past the demo's own bookings). */
function schoolWeek(): { monday: string; friday: string } {
  let day = siteDay(14);
  while (weekDayOf(day) !== 1) day = addDays(day, 1);
  while (BREAKS.some(([from, to]) => addDays(day, 4) >= (from as string) && day <= (to as string)))
    day = addDays(day, 7);
  return { monday: day, friday: addDays(day, 4) };
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function fillDate(page: Page, label: string, day: string) {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.fill(day);
  await input.press('Tab');
  await expect(input).toHaveValue(day);
}

test('school hours for a week: a preview, the reservations made once, and nothing twice', async ({ page }) => {
  const { monday, friday } = schoolWeek();
  await logIn(page, 'schooladmin@demo.local');
  await page.goto('jobs');
  await choose(page, 'Site', 'Laval Schools');
  await page.getByRole('link', { name: 'From school hours' }).click();
  await expect(page.getByRole('heading', { name: 'Bookings from school hours' })).toBeVisible();
  await choose(page, 'Shift', 'Morning school run');
  await expect(page.getByText('07:00 to 08:30, To')).toBeVisible();
  await choose(page, 'Where the shift is', 'Collège Montmorency');
  await fillDate(page, 'From date', monday);
  await fillDate(page, 'To date', friday);
  await page.getByRole('button', { name: /^Choose all \(\d+\)$/ }).click();
  await page.getByRole('button', { name: 'Preview' }).click();
  const willCreate = page.getByText(/^(\d+) reservations will be made\./);
  await expect(willCreate).toBeVisible();
  const count = Number((await willCreate.textContent())?.match(/\d+/)?.[0]);
  // every student of the site, each school day of the week, to school
  const students = Number((await page.getByRole('button', { name: /^Choose all/ }).textContent())?.match(/\d+/)?.[0]);
  expect(count).toBe(students * 5);
  await page.getByRole('button', { name: 'Create the reservations' }).click();
  await expect(page.getByText(`${count} reservations created`)).toBeVisible();
  // the list opens on the week made
  await expect(page).toHaveURL(new RegExp(`/jobs\\?from=${monday}&to=${friday}`));
  await expect(page.getByText(/Total: \d+/)).toBeVisible();

  // the same plan again makes nothing twice
  await page.goto('jobs/setSchoolShifts');
  await choose(page, 'Shift', 'Morning school run');
  await choose(page, 'Where the shift is', 'Collège Montmorency');
  await fillDate(page, 'From date', monday);
  await fillDate(page, 'To date', friday);
  await page.getByRole('button', { name: /^Choose all/ }).click();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('0 reservations will be made.')).toBeVisible();
  await expect(page.getByText(`${count} are already booked and stay as they are.`)).toBeVisible();
  expect(await visibleText(page)).not.toMatch(RAW_KEY);
});
