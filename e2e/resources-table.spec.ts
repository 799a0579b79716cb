import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { siteDay } from './days.ts';
import { logIn, mainMenu, RAW_KEY, visibleText } from './helpers.ts';

/** The generic table of one screen, as a user drives it: an enum filter, a sort, a page, a hidden column. */
interface Case {
  menu: string;
  settings?: boolean;
  login?: string;
  filter: { column: string; value: string };
  sort: string;
  hide: string;
}

const CASES: Case[] = [
  { menu: 'Drivers', filter: { column: 'Driver status', value: 'Online' }, sort: 'Last name', hide: 'Email' },
  { menu: 'Vehicles', filter: { column: 'Status', value: 'Active' }, sort: 'Name', hide: 'Model' },
  { menu: 'Rates', settings: true, filter: { column: 'Rate type', value: 'Ordinary' }, sort: 'Code', hide: 'Price' },
  {
    menu: 'System Settings',
    settings: true,
    filter: { column: 'Category', value: 'Miscellaneous' },
    sort: 'Name',
    hide: 'Label',
  },
  {
    menu: 'Parents',
    login: 'schooladmin@demo.local',
    filter: { column: 'Status', value: 'Active' },
    sort: 'Last name',
    hide: 'Phone',
  },
];

async function open(page: Page, c: Case) {
  await logIn(page, c.login ?? 'admin@demo.local');
  if (c.settings) await mainMenu(page).getByText('Settings', { exact: true }).click();
  await mainMenu(page).getByRole('link', { name: c.menu, exact: true }).click();
  await expect(page.getByText(/^Total: \d+$/)).toBeVisible();
}

const total = async (page: Page) => Number((await page.getByText(/^Total: \d+$/).textContent())?.slice(7));

for (const c of CASES) {
  test(`${c.menu}: filter, sort, page, hide a column, and find it all again after a reload`, async ({ page }) => {
    await open(page, c);
    const rows = page.locator('tbody tr');
    await expect.poll(() => total(page)).toBeGreaterThan(10);
    const all = await total(page);

    // An enum filter keeps only the rows with that value.
    await page.getByRole('button', { name: `Filter by ${c.filter.column}` }).click();
    await page
      .getByRole('dialog', { name: `Filter by ${c.filter.column}` })
      .getByRole('checkbox', { name: c.filter.value, exact: true })
      .check();
    await page.keyboard.press('Escape');
    await expect.poll(() => total(page)).toBeLessThan(all);
    const filtered = await total(page);
    expect(filtered).toBeGreaterThan(0);
    await expect(rows).toHaveCount(Math.min(filtered, 100));
    await expect(rows.filter({ hasNot: page.getByRole('cell', { name: c.filter.value, exact: true }) })).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => total(page)).toBe(all);

    // Sort descending, 10 a page, page 2, one column hidden.
    // Some lists start sorted by that column: click until it sorts descending (at most twice).
    const header = page.getByRole('button', { name: c.sort, exact: true });
    const sortState = page.getByRole('columnheader', { name: c.sort });
    for (let i = 0; i < 2 && (await sortState.getAttribute('aria-sort')) !== 'descending'; i++) {
      const before = await sortState.getAttribute('aria-sort');
      await header.click();
      await expect(sortState).not.toHaveAttribute('aria-sort', before ?? 'none');
    }
    await expect(sortState).toHaveAttribute('aria-sort', 'descending');
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('data-active', 'true');
    await expect(rows).toHaveCount(Math.min(all - 10, 10));
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: c.hide, exact: true }).uncheck();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('columnheader', { name: c.hide, exact: true })).toHaveCount(0);
    const firstOfPage2 = await rows.first().textContent();

    await page.reload();
    await expect(page.getByRole('columnheader', { name: c.sort })).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('data-active', 'true');
    await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10');
    await expect(page.getByRole('columnheader', { name: c.hide, exact: true })).toHaveCount(0);
    await expect(rows).toHaveCount(Math.min(all - 10, 10));
    expect(await rows.first().textContent()).toBe(firstOfPage2);
  });

  test(`${c.menu} in Portuguese: list, form and validation messages without a raw key`, async ({ page }) => {
    await open(page, c);
    await page.getByText('PT', { exact: true }).click();
    await expect(page.getByText(/^Total: \d+$/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Criar' })).toBeVisible();
    expect(await visibleText(page)).not.toMatch(RAW_KEY);
    await page.getByRole('link', { name: 'Criar' }).click();
    const form = page.getByRole('form');
    await expect(form).toBeVisible();
    expect(await visibleText(page)).not.toMatch(RAW_KEY);
    await form.getByRole('button', { name: 'Criar', exact: true }).click();
    await expect(form.getByText('Campo obrigatório').first()).toBeVisible();
    expect(await visibleText(page)).not.toMatch(RAW_KEY);
  });
}

test('the list under a side form stays as it was: its search survives opening and closing the form', async ({
  page,
}) => {
  await open(page, CASES.find((c) => c.menu === 'Parents') as Case);
  await page.getByLabel('Search').fill('a');
  await expect(page.getByLabel('Search')).toHaveValue('a');
  const filtered = await total(page);
  await page.getByRole('link', { name: 'Create' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('form', { name: 'Parent' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(page.getByLabel('Search')).toHaveValue('a');
  await page.getByLabel('Search').fill('ab');
  await expect(page.getByLabel('Search')).toHaveValue('ab');
  expect(await total(page)).toBeLessThanOrEqual(filtered);
});

test('the CSV export holds every record the filters select, with the names of what they refer to', async ({ page }) => {
  await open(page, CASES.find((c) => c.menu === 'Rates') as Case);
  await expect.poll(() => total(page)).toBeGreaterThan(10);
  const all = await total(page);
  // a page of 10: the export is not limited to the page shown, nor to its referenced names
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(page.locator('tbody tr')).toHaveCount(10);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  // named by the site's day (Toronto), not the browser's or UTC's: the two differ every evening
  expect((await download).suggestedFilename()).toBe(`rates-${siteDay()}.csv`);
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toContain('From');
  expect(lines).toHaveLength(all + 1);
  expect(csv).toContain('Montréal-Trudeau International Airport (YUL)');
  expect(csv).not.toMatch(/(^|,)#\d+(,|\r?$)/m);
});

test('"Show Duplicates" lists the records sharing the duplicate key; deleting there needs chosen rows', async ({
  page,
}) => {
  await logIn(page, 'admin@demo.local');
  await mainMenu(page).getByText('Settings', { exact: true }).click();
  await mainMenu(page).getByRole('link', { name: 'Locations', exact: true }).click();
  // the same depot entered twice (named anew each run: the spec may run again on the same demo)
  const name = `Dépôt Essai ${Date.now().toString(36)}`;
  for (const address of ['10 Rue du Dépôt', '10 rue du Depot']) {
    await page.getByRole('link', { name: 'Create' }).click();
    const form = page.getByRole('form', { name: 'Location' });
    await form.getByRole('combobox', { name: 'Site', exact: true }).click();
    await page.getByRole('option', { name: 'Montreal' }).click();
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await form.getByRole('textbox', { name: 'Address', exact: true }).fill(address);
    await form.getByRole('textbox', { name: 'Latitude', exact: true }).fill('45.5');
    await form.getByRole('textbox', { name: 'Longitude', exact: true }).fill('-73.6');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Location created')).toBeVisible();
    await expect(page.getByText(/^Total: \d+$/)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Show Duplicates' }).click();
  await expect(page.getByText('Total: 2', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name })).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Select the rows to delete')).toBeVisible();

  await page
    .getByRole('checkbox', { name: /^Select row / })
    .last()
    .check();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The records were removed')).toBeVisible();
  await expect(page.getByText('Total: 0', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Show all' }).click();
  await page.getByLabel('Search').fill(name);
  await expect(page.getByText('Total: 1', { exact: true })).toBeVisible();
});

test('the delete confirm opens in place: its buttons never move under the pointer', async ({ page }) => {
  // a dialog that slid in let a quick click press its button at one place and let go at another: no click
  await logIn(page, 'admin@demo.local');
  await mainMenu(page).getByRole('link', { name: 'Drivers', exact: true }).click();
  await page
    .getByRole('checkbox', { name: /^Select row / })
    .first()
    .check();
  const tops = await page.evaluate(async () => {
    const button = (root: ParentNode, name: string) =>
      [...root.querySelectorAll('button')].find((b) => b.textContent === name);
    button(document, 'Delete')?.click();
    // every frame from the dialog's first until 600 ms later (its opening took 200 ms), however late it comes
    const seen: number[] = [];
    const asked = performance.now();
    let first = Number.POSITIVE_INFINITY;
    while (performance.now() - Math.min(first, asked + 5000) < 600) {
      await new Promise(requestAnimationFrame);
      const dialog = document.querySelector('[role=dialog]');
      const cancel = dialog && button(dialog, 'Cancel');
      if (!cancel) continue;
      first = Math.min(first, performance.now());
      seen.push(cancel.getBoundingClientRect().top);
    }
    return seen;
  });
  expect(tops.length).toBeGreaterThan(2);
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(1);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
