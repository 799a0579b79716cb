import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, logIn, logOut, mainMenu } from './helpers.ts';

const NEW_PASSWORD = 'Fresh-pass7';

// Its password changes here and is set back at the end: other specs (the role walk) sign in with it.
test('forgot password through the outbox to a login with the new password', async ({ page }) => {
  await page.goto('login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email', { exact: true }).fill('dispatchadmin@demo.local');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(/Back to the login page in \d+ seconds?\./)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/, { timeout: 10_000 });

  // No mail server: staff see the mail in the outbox without its link...
  await logIn(page, 'admin@demo.local');
  await mainMenu(page).getByText('Settings', { exact: true }).click();
  await mainMenu(page).getByRole('link', { name: 'Outbox' }).click();
  const seen = page.getByRole('row').filter({ hasText: 'dispatchadmin@demo.local' }).first();
  await expect(seen).toContainText('Reset your password');
  await expect(seen).toContainText('Only the owner account sees password links');
  await expect(seen.getByRole('link')).toHaveCount(0);
  await logOut(page);

  // ...and the owner account opens it, to pass it on.
  await logIn(page, 'superadmin@demo.local');
  await page.goto('outbox');
  const mail = page.getByRole('row').filter({ hasText: 'dispatchadmin@demo.local' }).first();
  await mail.getByRole('button', { name: 'Show the link' }).click();
  const link = await mail.getByRole('link').first().getAttribute('href');
  expect(link).toContain('/admin/resetpw?token=');
  await logOut(page);

  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill('Fresh-pass8');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  await logIn(page, 'dispatchadmin@demo.local', NEW_PASSWORD);
  await expect(mainMenu(page).getByRole('link', { name: 'Trips' })).toBeVisible();

  // and back to the demo's password through the user menu, leaving the demo as it was
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  await page.getByLabel('Old password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();
});
