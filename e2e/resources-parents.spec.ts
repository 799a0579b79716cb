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

test('a parent links a student from the side form, and the student links and unlinks parents from its own page', async ({
  page,
}) => {
  await logIn(page, 'schooladmin@demo.local');
  // a student of the school site, by the email shown in the list
  await page.getByRole('navigation').getByRole('link', { name: 'Students' }).click();
  const firstRow = page.locator('tbody tr').first();
  await expect(firstRow).toBeVisible();
  const email = ((await firstRow.getByRole('cell', { name: /@/ }).first().textContent()) ?? '').trim();
  const firstName = ((await firstRow.getByRole('link').first().textContent()) ?? '').trim();

  await page.getByRole('navigation').getByRole('link', { name: 'Parents' }).click();
  await page.getByRole('link', { name: 'Create' }).click();
  const form = page.getByRole('dialog').getByRole('form', { name: 'Parent' });
  await form.getByRole('combobox', { name: 'Site', exact: true }).click();
  await page.getByRole('option', { name: 'Laval Schools' }).click();
  await form.getByRole('textbox', { name: 'First name', exact: true }).fill('Liane');
  await form.getByRole('textbox', { name: 'Last name', exact: true }).fill('Lien-Essai');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('liane.lien@example.com');
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('450-555-0199');
  await form.getByRole('combobox', { name: 'Students', exact: true }).fill(email);
  await page.getByRole('option', { name: new RegExp(email) }).click();
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Parent created')).toBeVisible();

  // the student's page lists the parent linked from the parent's form
  await page.getByRole('navigation').getByRole('link', { name: 'Students' }).click();
  // typed once the Students list is on screen, not into the Parents list it replaces
  await expect(page.getByRole('heading', { name: 'Students' })).toBeVisible();
  await page.getByLabel('Search').fill(email);
  await expect(page.getByText('Total: 1', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: firstName }).first().click();
  await page.getByRole('tab', { name: 'Parents' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Parents' });
  await expect(panel.getByRole('cell', { name: 'Liane Lien-Essai', exact: true })).toBeVisible();

  // unlinked here, then linked again by choosing the parent
  await panel.getByRole('button', { name: 'Unlink Liane Lien-Essai' }).click();
  await expect(page.getByText('Parent unlinked')).toBeVisible();
  await expect(panel.getByRole('cell', { name: 'Liane Lien-Essai', exact: true })).toHaveCount(0);
  await panel.getByRole('combobox', { name: 'Link a parent' }).fill('Lien-Essai');
  await page.getByRole('option', { name: /Liane Lien-Essai/ }).click();
  await panel.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(page.getByText('Parent linked')).toBeVisible();
  await expect(panel.getByRole('cell', { name: 'Liane Lien-Essai', exact: true })).toBeVisible();
});
