import { expect, test } from '@playwright/test';
import { logIn, logOut, mainMenu } from './helpers.ts';

test('an admin logs in, sees the menu, switches to Portuguese and back, and logs out', async ({ page }) => {
  await logIn(page, 'admin@demo.local');
  const menu = mainMenu(page);
  await expect(menu.getByRole('link', { name: 'Reservations' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Trips' })).toBeVisible();
  await menu.getByText('Settings', { exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Outbox' })).toBeVisible();
  // The admin is not the owner account: no permissions screen.
  await expect(menu.getByRole('link', { name: 'Permissions' })).toHaveCount(0);

  await page.getByText('PT', { exact: true }).click();
  const menuPt = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(menuPt.getByRole('link', { name: 'Reservas' })).toBeVisible();
  await expect(menuPt.getByRole('link', { name: 'Utilizadores' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu do utilizador' })).toBeVisible();
  // The choice survives a reload (the session too: auto-login from the stored token).
  await page.reload();
  await expect(menuPt.getByRole('link', { name: 'Reservas' })).toBeVisible();
  await page.getByText('EN', { exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Reservations' })).toBeVisible();

  await menu.getByRole('link', { name: 'Drivers', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Drivers', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/drivers$/);

  await logOut(page);
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('drivers');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('a wrong password is refused with the server message', async ({ page }) => {
  await page.goto('login');
  await page.getByLabel('Email', { exact: true }).fill('admin@demo.local');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email or password is invalid');
});
