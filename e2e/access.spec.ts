import { expect, test } from '@playwright/test';
import { logIn, mainMenu } from './helpers.ts';

test('an agent is kept out of /users', async ({ page }) => {
  await logIn(page, 'agent@demo.local');
  const menu = mainMenu(page);
  await expect(menu.getByRole('link', { name: 'Reservations' })).toBeVisible();
  await expect(menu.getByText('Settings', { exact: true })).toHaveCount(0);

  await page.goto('users');
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(page.getByText('You don`t have permissions to perform this action.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Users' })).toHaveCount(0);
});

test('the owner account opens the permissions screen', async ({ page }) => {
  await logIn(page, 'superadmin@demo.local');
  await mainMenu(page).getByText('Settings', { exact: true }).click();
  await mainMenu(page).getByRole('link', { name: 'Permissions' }).click();
  await expect(page.getByRole('heading', { name: 'Permissions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show the permissions of Agent' })).toBeVisible();
});
