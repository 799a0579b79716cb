import { expect, type Page, test } from '@playwright/test';
import { logIn } from './helpers.ts';

async function searchFor(page: Page, text: string, total: string) {
  await page.getByLabel('Search').fill(text);
  await expect(page.getByText(total, { exact: true })).toBeVisible();
}

test('parents (school template): side form with a validation error, create-password mail, deactivate, delete', async ({
  page,
}) => {
  await logIn(page, 'schooladmin@demo.local');
  await page.getByRole('navigation').getByRole('link', { name: 'Parents' }).click();
  await expect(page.getByRole('heading', { name: 'Parents' })).toBeVisible();
  // no date navigator on the parents table (spec section 2)
  await expect(page.getByRole('button', { name: 'Next day' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Create' }).click();
  const form = page.getByRole('dialog').getByRole('form', { name: 'Parent' });
  await form.getByRole('combobox', { name: 'Site', exact: true }).click();
  await page.getByRole('option').first().click(); // a Select closes itself; Escape would close the drawer
  await form.getByRole('textbox', { name: 'First name', exact: true }).fill('Hélène');
  await form.getByRole('textbox', { name: 'Last name', exact: true }).fill('Essai-Parent');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('helene.essai@example.com');
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(form.getByText('This field is required')).toBeVisible(); // the phone
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('450-555-0123');
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Parent created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/parents$/);

  await searchFor(page, 'Essai-Parent', 'Total: 1');
  await page.getByRole('link', { name: 'Essai-Parent' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Parent updated')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/parents$/);
  await searchFor(page, 'Essai-Parent', 'Total: 1');
  await expect(page.getByRole('cell', { name: 'Inactive' })).toBeVisible();

  await page.getByRole('checkbox', { name: /^Select row / }).check();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The records were removed')).toBeVisible();
  await expect(page.getByText('Total: 0', { exact: true })).toBeVisible();

  // the new parent was sent the create-password mail (read in the outbox without a mail server)
  await page.goto('outbox');
  await expect(page.getByRole('row').filter({ hasText: 'helene.essai@example.com' }).first()).toBeVisible();
});
