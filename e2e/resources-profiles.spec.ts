import { expect, test } from '@playwright/test';
import { logIn, mainMenu } from './helpers.ts';

test('a profile keeps its billing block and job preferences, and lists its passengers', async ({ page }) => {
  await logIn(page, 'admin@demo.local');
  await mainMenu(page).getByText('Settings', { exact: true }).click();
  await mainMenu(page).getByRole('link', { name: 'Profiles', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Profiles' })).toBeVisible();
  await page.getByLabel('Search').fill('Retail customers');
  await page.getByRole('link', { name: 'Retail customers' }).click();

  const form = page.getByRole('form', { name: 'Profile' });
  await form.getByRole('textbox', { name: 'Billing email', exact: true }).fill('not an email');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter a valid email')).toBeVisible();
  await form.getByRole('textbox', { name: 'Billing email', exact: true }).fill('accounts@retail.example.ca');
  await form.getByRole('combobox', { name: 'Payment terms', exact: true }).click();
  await page.getByRole('option', { name: 'Net 30 days' }).click();
  await form.getByRole('textbox', { name: 'Note for the driver', exact: true }).fill('Help with the luggage');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();

  await page.getByLabel('Search').fill('Retail customers');
  await page.getByRole('link', { name: 'Retail customers' }).click();
  const again = page.getByRole('form', { name: 'Profile' });
  await expect(again.getByRole('textbox', { name: 'Billing email', exact: true })).toHaveValue(
    'accounts@retail.example.ca',
  );
  await expect(again.getByRole('combobox', { name: 'Payment terms', exact: true })).toHaveValue('Net 30 days');
  await expect(again.getByRole('textbox', { name: 'Note for the driver', exact: true })).toHaveValue(
    'Help with the luggage',
  );

  // its passengers: a count, and each name opens the passenger
  await page.getByRole('tab', { name: 'Passengers' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Passengers' });
  await expect(panel.getByText(/Total: [1-9]\d*/)).toBeVisible();
  const first = panel.getByRole('link').first();
  const name = ((await first.textContent()) ?? '').trim();
  await first.click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
});
