import { expect, type Page, test } from '@playwright/test';
import { siteDay } from './days.ts';
import { DEMO_PASSWORD, logIn, mainMenu } from './helpers.ts';

/** The protocol itself, from the test: what each site really holds today. */
async function api(page: Page, body: Record<string, unknown>) {
  const r = await page.request.post('/', { data: body });
  expect(r.ok()).toBe(true);
  return (await r.json()) as Record<string, unknown>;
}

test('a dispatcher sees only their own site’s reservations', async ({ page }) => {
  const { token } = await api(page, { act: 'login', email: 'admin@demo.local', password: DEMO_PASSWORD });
  let day = siteDay(0);
  const count = async (query: Record<string, unknown>) =>
    (await api(page, { act: 'find', col: 'jobs', token, query: { date: [day, day], ...query }, count: true, limit: 1 }))
      .count as number;
  // the school and plant sites run on weekdays: take the first day from today when they do
  let ahead = 0;
  while ((await count({ unit: { $ne: 1 } })) === 0 && ahead < 7) day = siteDay(++ahead);
  const site1 = await count({ unit: 1 });
  const everywhere = await count({});
  expect(everywhere).toBeGreaterThan(site1);
  // a passenger travelling today on another site only
  const others = (
    await api(page, { act: 'find', col: 'jobs', token, query: { date: [day, day], unit: { $ne: 1 } }, limit: 200 })
  ).data as { lastName: string }[];
  let outsider: string | undefined;
  for (const j of others) {
    if ((await count({ lastName: j.lastName, unit: 1 })) === 0) {
      outsider = j.lastName;
      break;
    }
  }
  expect(outsider).toBeDefined();

  await logIn(page, 'dispatcher@demo.local');
  await mainMenu(page).getByRole('link', { name: 'Reservations' }).click();
  for (let i = 0; i < ahead; i++) await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.getByText(`Total: ${site1}`, { exact: true })).toBeVisible();
  await page.getByLabel('Search').fill(outsider as string);
  await expect(page.getByText('Total: 0', { exact: true })).toBeVisible();
  await expect(page.getByText('No Results')).toBeVisible();
});
