import { expect, type Locator, type Page, test } from '@playwright/test';
import { logIn, logOut, mainMenu } from './helpers.ts';

/** A form field by its label: a text box, or a select (combobox) whose first or named option is picked. */
async function fill(form: Locator, label: string, value: string) {
  await form.getByRole('textbox', { name: label, exact: true }).fill(value);
}
async function choose(page: Page, form: Locator, label: string, option?: string) {
  await form.getByRole('combobox', { name: label, exact: true }).click();
  const options = page.getByRole('option', option ? { name: option, exact: true } : undefined);
  await options.first().click();
  await page.keyboard.press('Escape');
}

interface Case {
  menu: string;
  settings?: boolean;
  entity: string;
  /** Fills a valid record whose searchable text is `name`, except what `broken` then breaks. */
  valid: (page: Page, form: Locator, name: string) => Promise<void>;
  broken: {
    set: (page: Page, form: Locator) => Promise<void>;
    message: string;
    fix: (page: Page, form: Locator) => Promise<void>;
  };
  edit: { label: string; value: string };
}

const CASES: Case[] = [
  {
    menu: 'Drivers',
    entity: 'Driver',
    valid: async (page, form, name) => {
      await choose(page, form, 'Site');
      await fill(form, 'First name', 'Rémi');
      await fill(form, 'Last name', name);
      await fill(form, 'Phone', '514-555-0177');
      await fill(form, 'Email', `${name.toLowerCase()}@example.com`);
    },
    broken: {
      set: (_p, form) => fill(form, 'Per-area match', '1234567'),
      message: 'cannot enter more than 6 digits',
      fix: (_p, form) => fill(form, 'Per-area match', '999999'),
    },
    edit: { label: 'Display name', value: 'Rémi E.' },
  },
  {
    menu: 'Vehicles',
    entity: 'Vehicle',
    valid: async (page, form, name) => {
      await choose(page, form, 'Site');
      await fill(form, 'Name', name);
      await fill(form, 'Model', 'Transit');
      await fill(form, 'Year', '2023');
      await fill(form, 'Color', 'White');
      await fill(form, 'License expiry', '2027-06-30');
      await page.keyboard.press('Escape');
      await fill(form, 'Max passengers (pax)', '8');
      await choose(page, form, 'Services');
    },
    broken: {
      set: (_p, form) => fill(form, 'Min seats', '9'),
      message: 'Min seats must not be higher than pax',
      fix: (_p, form) => fill(form, 'Min seats', '2'),
    },
    edit: { label: 'Color', value: 'Blue' },
  },
  {
    menu: 'Rates',
    settings: true,
    entity: 'Rate',
    valid: async (page, form) => {
      await choose(page, form, 'Site');
      // The place is picked by name among areas or locations, as its type says; a new type clears it.
      await choose(page, form, 'From (type)', 'Area');
      await choose(page, form, 'From', 'Ville-Marie');
      await choose(page, form, 'From (type)', 'Location');
      await expect(form.getByRole('combobox', { name: 'From', exact: true })).toHaveValue('');
      await choose(page, form, 'From', 'Montréal-Trudeau International Airport (YUL)');
      await choose(page, form, 'To (type)', 'Area');
      await choose(page, form, 'To');
      await choose(page, form, 'Service');
      await fill(form, 'Price', '42');
    },
    broken: {
      set: async () => {},
      message: 'This field is required',
      fix: (_p, form) => fill(form, 'Code', 'E2E-RATE-1'),
    },
    edit: { label: 'Tag', value: 'e2e' },
  },
  {
    menu: 'System Settings',
    settings: true,
    entity: 'Setting',
    valid: async (page, form, name) => {
      await fill(form, 'Name', name);
      await choose(page, form, 'Category', 'Reservations');
      await choose(page, form, 'Type', 'Integer');
    },
    broken: {
      set: (_p, form) => fill(form, 'Value', '1.5'),
      message: 'The value must be a whole number',
      fix: (_p, form) => fill(form, 'Value', '15'),
    },
    edit: { label: 'Label', value: 'E2E lead time' },
  },
];

for (const c of CASES) {
  test(`${c.menu}: create after a validation error, find, edit, delete`, async ({ page }) => {
    const name = c.menu === 'Rates' ? 'E2E-RATE-1' : `Essai${c.entity}`;
    await logIn(page, 'admin@demo.local');
    if (c.settings) await mainMenu(page).getByText('Settings', { exact: true }).click();
    await mainMenu(page).getByRole('link', { name: c.menu, exact: true }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    const form = page.getByRole('form', { name: c.entity });
    await c.valid(page, form, name);
    await c.broken.set(page, form);
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(form.getByText(c.broken.message).first()).toBeVisible();
    await c.broken.fix(page, form);
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText(`${c.entity} created`)).toBeVisible();

    await page.getByLabel('Search').fill(name);
    await expect(page.getByText('Total: 1', { exact: true })).toBeVisible();
    await page
      .getByRole('link', { name: new RegExp(name) })
      .first()
      .click();
    const editForm = page.getByRole('form', { name: c.entity });
    await fill(editForm, c.edit.label, c.edit.value);
    await editForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${c.entity} updated`)).toBeVisible();

    await page.getByLabel('Search').fill(name);
    await expect(page.getByText('Total: 1', { exact: true })).toBeVisible();
    await page.getByRole('checkbox', { name: /^Select row / }).check();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The records were removed')).toBeVisible();
    await expect(page.getByText('Total: 0', { exact: true })).toBeVisible();
  });
}

test('a driver is given a sign-in password, refused when weak, and signs in with it', async ({ page }) => {
  await logIn(page, 'admin@demo.local');
  await mainMenu(page).getByRole('link', { name: 'Drivers', exact: true }).click();
  const row = page.locator('tbody tr').first();
  const email = ((await row.getByRole('cell', { name: /@/ }).first().textContent()) ?? '').trim();
  await row.getByRole('link').first().click();
  await page.getByRole('button', { name: 'Sign-in password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Driver sign-in password' });
  await dialog.getByLabel('New password', { exact: true }).fill('weak');
  await dialog.getByLabel('Confirm password', { exact: true }).fill('weak');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The password needs at least 8 characters')).toBeVisible();
  await dialog.getByLabel('New password', { exact: true }).fill('Conduire-2026');
  await dialog.getByLabel('Confirm password', { exact: true }).fill('Conduire-2026');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${email} can now sign in with this password`)).toBeVisible();

  await logOut(page);
  await logIn(page, email, 'Conduire-2026');
});
