import { expect, type Page, test } from '@playwright/test';
import { siteDay } from './days.ts';
import { logIn, RAW_KEY, visibleText } from './helpers.ts';

const ADMIN_SCREENS = [
  'drivers',
  'shuttles',
  'passengers',
  'vehicles',
  'driverShifts',
  'sites',
  'systemsettings',
  'blacklist',
  'services',
  'locations',
  'areas',
  'rates',
  'ratetypes',
  'extraservices',
  'suppliers',
  'users',
  'profiles',
  'shifts',
  'attributes',
  'holidays',
  'assign-priority',
];
const SCHOOL_SCREENS = ['students', 'parents', 'fares'];

/** The list, the first record's edit page and the create form with its validation messages, in Portuguese. */
async function walk(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByText(/^Total: \d+$/)).toBeVisible();
  expect(await visibleText(page), `${path} list`).not.toMatch(RAW_KEY);
  const first = page.locator('tbody tr').first().getByRole('link').first();
  if ((await first.count()) > 0) {
    await first.click();
    await expect(page.getByRole('button', { name: 'Guardar' })).toBeVisible();
    expect(await visibleText(page), `${path} edit`).not.toMatch(RAW_KEY);
  }
  await page.goto(`${path}/create`);
  const create = page.getByRole('button', { name: 'Criar', exact: true });
  await expect(create).toBeVisible();
  await create.click();
  await expect(page.getByText('Campo obrigatório').first()).toBeVisible();
  expect(await visibleText(page), `${path} create`).not.toMatch(RAW_KEY);
}

async function inPortuguese(page: Page, email: string) {
  await logIn(page, email);
  await page.getByText('PT', { exact: true }).click();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Início' })).toBeVisible();
}

test('every master-data screen of the default template reads in Portuguese, with no raw key', async ({ page }) => {
  test.setTimeout(240_000);
  await inPortuguese(page, 'admin@demo.local');
  for (const path of ADMIN_SCREENS) await walk(page, path);
});

test('the school-shuttle screens read in Portuguese, with no raw key', async ({ page }) => {
  await inPortuguese(page, 'schooladmin@demo.local');
  for (const path of SCHOOL_SCREENS) await walk(page, path);
});

test('the pages that book from shifts and shuttle seats read in Portuguese, with no raw key', async ({ page }) => {
  await inPortuguese(page, 'admin@demo.local');
  await page.getByRole('banner').getByRole('combobox').first().click();
  await page.getByRole('option', { name: 'Montreal' }).click();
  await page.goto('jobs');
  await page.getByRole('link', { name: 'A partir de turnos' }).click();
  await expect(page.getByRole('heading', { name: 'Reservas a partir de turnos' })).toBeVisible();
  await page.getByRole('button', { name: 'Pré-visualizar' }).click();
  await expect(page.getByText('Campo obrigatório').first()).toBeVisible();
  expect(await visibleText(page), 'jobs/setShifts').not.toMatch(RAW_KEY);
  await page.goto('jobs/shuttle');
  await expect(page.getByRole('heading', { name: 'Lugar num vaivém' })).toBeVisible();
  // tomorrow: today's departures may all have left
  const day = page.getByRole('textbox', { name: 'Dia', exact: true });
  await day.fill(siteDay(1));
  await day.press('Tab');
  await page
    .getByRole('table', { name: 'Partidas' })
    .getByRole('button', { name: /^Escolher / })
    .last()
    .click();
  await expect(page.getByRole('form', { name: 'Lugar' }).getByRole('combobox', { name: 'Sair em' })).toBeVisible();
  expect(await visibleText(page), 'jobs/shuttle').not.toMatch(RAW_KEY);
});
