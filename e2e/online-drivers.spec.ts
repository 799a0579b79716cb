import { expect, test } from '@playwright/test';
import { logIn, mainMenu, RAW_KEY, visibleText } from './helpers.ts';

test('a dispatcher takes a driver online, sends them on a break and releases them', async ({ page }) => {
  await logIn(page, 'dispatcher@demo.local');
  await mainMenu(page).getByRole('link', { name: 'Online Drivers' }).click();
  await expect(page.getByRole('heading', { name: 'Online drivers' })).toBeVisible();
  const offline = page.getByRole('region', { name: 'Offline' });
  const online = page.getByRole('region', { name: 'Online' });
  const onBreak = page.getByRole('region', { name: 'Break' });
  const take = offline.getByRole('button', { name: /^Take .+ online$/ }).first();
  const name = ((await take.getAttribute('aria-label')) ?? '').replace(/^Take (.+) online$/, '$1');
  await take.click();
  await expect(page.getByText(`${name} is online`)).toBeVisible();
  await online.getByRole('button', { name: `Send ${name} on a break` }).click();
  await expect(onBreak.getByText(name, { exact: true })).toBeVisible();
  await onBreak.getByRole('button', { name: `Release ${name} from the break` }).click();
  await expect(online.getByText(name, { exact: true })).toBeVisible();

  // suspended with a reason, then unsuspended: back offline
  const suspended = page.getByRole('region', { name: 'Suspended' });
  await online.getByRole('button', { name: `Suspend: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspend' });
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(suspended.getByText(name, { exact: true })).toBeVisible();
  await suspended.getByRole('button', { name: `Unsuspend: ${name}` }).click();
  const back = page.getByRole('dialog', { name: 'Unsuspend' });
  await back.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option').first().click();
  await back.getByRole('button', { name: 'Unsuspend', exact: true }).click();
  await expect(offline.getByText(name, { exact: true })).toBeVisible();
  expect(await visibleText(page)).not.toMatch(RAW_KEY);
});
