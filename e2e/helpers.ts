import { expect, type Page } from '@playwright/test';
import en from '../packages/i18n/src/en.json' with { type: 'json' };
import enResources from '../packages/i18n/src/resources/en.json' with { type: 'json' };

export const DEMO_PASSWORD = 'Demo1234!';

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(mainMenu(page)).toBeVisible();
}

export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
}

/** The text a user sees on the page (hidden elements, styles and scripts left out, unlike textContent). */
export function visibleText(page: Page): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the rendered text wanted here.
  return page.innerText('body');
}

/** Text an untranslated key would show (`resources.drivers.fields.x`, `validation.required`): any namespace of the catalogues. */
export const RAW_KEY = new RegExp(
  `\\b(${[...new Set([...Object.keys(en), ...Object.keys(enResources)])].join('|')})\\.[a-zA-Z_]`,
);
