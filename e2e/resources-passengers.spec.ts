import { expect, type Locator, type Page, test } from '@playwright/test';
import { logIn, mainMenu, RAW_KEY, visibleText } from './helpers.ts';

const LAST = 'Quenneville-Essai';

async function pick(page: Page, form: Locator, label: string) {
  await form.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
}

async function openPassengers(page: Page) {
  await mainMenu(page).getByRole('link', { name: 'Passengers' }).click();
  await expect(page.getByRole('heading', { name: 'Passengers' })).toBeVisible();
}

test('passengers: create with a validation error, search, edit, filter, sort, page, hide a column, reload, delete', async ({
  page,
}) => {
  await logIn(page, 'admin@demo.local');
  await openPassengers(page);

  // create: first a broken form
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'New Passenger' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Passenger' });
  await pick(page, form, 'Site');
  await form.getByRole('textbox', { name: 'First name', exact: true }).fill('Zoé');
  await form.getByRole('textbox', { name: 'Last name', exact: true }).fill('Q');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('zoe.quenneville@example.com');
  await pick(page, form, 'Profiles');
  await form.getByRole('textbox', { name: 'OPUS card number', exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Must be 2 to 30 characters')).toBeVisible();
  await expect(page.getByText('The OPUS card number must have exactly 12 characters')).toBeVisible();
  // fixed
  await form.getByRole('textbox', { name: 'Last name', exact: true }).fill(LAST);
  await form.getByRole('textbox', { name: 'OPUS card number', exact: true }).fill('123456789012');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Passenger created')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Passengers' })).toBeVisible();

  // search finds it; edit it
  await page.getByLabel('Search').fill(LAST);
  await expect(page.getByText('Total: 1', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: LAST }).click();
  await page
    .getByRole('form', { name: 'Passenger' })
    .getByRole('textbox', { name: 'Phone', exact: true })
    .fill('514-555-0142');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Passenger updated')).toBeVisible();
  await expect(page.getByRole('cell', { name: '514-555-0142' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();

  // filter a column: suspended passengers only
  await page.getByRole('button', { name: 'Filter by Status' }).click();
  await page.getByRole('dialog', { name: 'Filter by Status' }).getByRole('checkbox', { name: 'Suspended' }).check();
  await page.keyboard.press('Escape');
  const footer = page.getByText(/^Total: \d+$/);
  await expect(footer).not.toHaveText('Total: 0');
  const suspendedTotal = await footer.textContent();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(footer).not.toHaveText(suspendedTotal ?? '');

  // sort by last name, descending
  await page.getByRole('button', { name: 'Last name', exact: true }).click();
  await page.getByRole('button', { name: 'Last name', exact: true }).click();
  await expect(page.getByRole('columnheader', { name: 'Last name' })).toHaveAttribute('aria-sort', 'descending');
  // 20 a page, page 2
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '20', exact: true }).click();
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('data-active', 'true');
  await expect(page.locator('tbody tr')).toHaveCount(20);
  // hide the email column
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Email' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);

  // the state survives a reload
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Last name' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('data-active', 'true');
  await expect(page.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
  await expect(page.locator('tbody tr')).toHaveCount(20);

  // delete it
  await page.getByLabel('Search').fill(LAST);
  await expect(page.getByText('Total: 1', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: /^Select row / }).check();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The records were removed')).toBeVisible();
  await expect(page.getByText('Total: 0', { exact: true })).toBeVisible();
  await expect(page.getByText('No Results')).toBeVisible();
});

test('deleting with neither rows nor a site selected says "Select a site first"', async ({ page }) => {
  await logIn(page, 'admin@demo.local');
  await openPassengers(page);
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Select a site first')).toBeVisible();
});

test('the passengers screens in Portuguese show no raw translation key', async ({ page }) => {
  await logIn(page, 'admin@demo.local');
  await page.getByText('PT', { exact: true }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Passageiros' }).click();
  await expect(page.getByRole('heading', { name: 'Passageiros' })).toBeVisible();
  await expect(page.getByText(/^Total: \d+$/)).toBeVisible();
  expect(await visibleText(page)).not.toMatch(RAW_KEY);
  await page.getByRole('link', { name: 'Criar' }).click();
  await expect(page.getByRole('heading', { name: /Passageiro/ })).toBeVisible();
  expect(await visibleText(page)).not.toMatch(RAW_KEY);
  await page.getByRole('button', { name: 'Criar', exact: true }).click();
  await expect(page.getByText('Campo obrigatório').first()).toBeVisible();
  expect(await visibleText(page)).not.toMatch(RAW_KEY);
  await page.getByText('EN', { exact: true }).click();
});

test('deleting what a site’s list selects names the site and the count, and asks for the count typed', async ({
  page,
}) => {
  await logIn(page, 'admin@demo.local');
  await page.getByRole('combobox', { name: 'Site' }).first().click();
  await page.getByRole('option', { name: 'Montreal' }).click();
  await openPassengers(page);
  const shown = page.getByText(/^Total: [1-9]\d*$/);
  await expect(shown).toBeVisible();
  const total = Number((await shown.textContent())?.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete records' });
  await expect(dialog).toContainText(`all ${total} records of Montreal`);
  const remove = dialog.getByRole('button', { name: 'Delete' });
  await expect(remove).toBeDisabled();
  await dialog.getByRole('textbox', { name: `Type ${total} to delete them` }).fill(String(total - 1));
  await expect(remove).toBeDisabled();
  await dialog.getByRole('textbox', { name: `Type ${total} to delete them` }).fill(String(total));
  await expect(remove).toBeEnabled();
  // not this time: nothing is deleted
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(`Total: ${total}`, { exact: true })).toBeVisible();
});
