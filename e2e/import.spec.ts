import { expect, test, type WebSocket } from '@playwright/test';
import Papa from 'papaparse';
import { logIn, RAW_KEY, visibleText } from './helpers.ts';

/** 1,000 passengers, rows 100, 200, … 1000 without an email (refused by the form's rules). */
function passengersCsv(tag: string, profile: number): string {
  const rows = Array.from({ length: 1000 }, (_, i) => ({
    'First name': `Imp${tag}`,
    'Last name': `Rider${String(i).padStart(4, '0')}`,
    Email: (i + 1) % 100 === 0 ? '' : `imp${tag}.${i}@example.com`,
    Phone: `514-555-${String(1000 + i).slice(-4)}`,
    Profiles: String(profile),
    'Shoe size': '42',
  }));
  return Papa.unparse(rows);
}

test('a CSV of 1,000 passengers with 10 bad rows is previewed, the rest imported with progress, then found again as duplicates', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const sockets: WebSocket[] = [];
  page.on('websocket', (ws) => sockets.push(ws));
  await logIn(page, 'admin@demo.local');
  await page.getByRole('combobox', { name: 'Site' }).click();
  await page.getByRole('option', { name: 'Montreal' }).click();
  await page.goto('import');
  await page.getByRole('combobox', { name: 'Records' }).click();
  await page.getByRole('option', { name: 'Passengers', exact: true }).click();
  // a profile of the site, as the passengers form needs one
  const login = await (
    await page.request.post('/', { data: { act: 'login', email: 'admin@demo.local', password: 'Demo1234!' } })
  ).json();
  const found = await (
    await page.request.post('/', {
      data: { act: 'find', token: login.token, col: 'profiles', query: { unit: 1 }, limit: 1 },
    })
  ).json();
  const csv = passengersCsv(String(Date.now() % 100000), found.data[0]._id);
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'passengers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  // the columns matched by name; the unknown one left out
  await expect(page.getByRole('combobox', { name: 'Field of column Email' })).toHaveValue('Email');
  await expect(page.getByRole('combobox', { name: 'Field of column Shoe size' })).toHaveValue('');
  await expect(page.getByText('Preview: 990 valid, 10 refused')).toBeVisible();
  const refused = page.getByRole('table', { name: 'Refused rows' }).locator('tbody tr');
  await expect(refused).toHaveCount(10);
  await expect(refused.first()).toContainText('100');
  await expect(refused.first()).toContainText('Email is required');
  // all or nothing: refused rows block the import until they are skipped
  // the import's progress messages, as the console's socket hears them
  const progress: { phase: string; done: number; total: number }[] = [];
  for (const ws of [...sockets]) listen(ws);
  function listen(ws: WebSocket) {
    ws.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { type?: string; phase: string; done: number; total: number };
      if (message.type === 'import') progress.push(message);
    });
  }
  page.on('websocket', listen);
  const importButton = page.getByRole('button', { name: /^Import \d+ rows$/ });
  await expect(importButton).toBeDisabled();
  await page.getByLabel('Skip refused rows').check();
  await importButton.click();
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeAttached();
  await expect(page.getByText('990 of 1000 rows created; 0 duplicates; 10 refused.')).toBeVisible({ timeout: 120_000 });
  // the progress came over the socket: the rows checked, then written
  await expect.poll(() => progress.at(-1)).toMatchObject({ phase: 'write', done: 990, total: 1000 });
  expect(progress.map((m) => m.phase)).toContain('check');

  // the same file again: nothing created, the rows found as duplicates
  await page.getByRole('button', { name: /^Import \d+ rows$/ }).click();
  await expect(page.getByText('0 of 1000 rows created; 990 duplicates; 10 refused.')).toBeVisible({ timeout: 120_000 });

  await page.getByText('PT', { exact: true }).click();
  await expect(page.getByText('Pré-visualização: 990 válidas, 10 recusadas')).toBeVisible();
  expect(await visibleText(page)).not.toMatch(RAW_KEY);
});
