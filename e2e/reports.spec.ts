import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { REPORT_NAMES } from '../packages/domain/src/index.ts';
import en from '../packages/i18n/src/en.json' with { type: 'json' };
import { logIn, mainMenu, RAW_KEY, visibleText } from './helpers.ts';

test('each report shows its table and downloads a CSV whose totals match the screen', async ({ page }) => {
  await logIn(page, 'accountingadmin@demo.local');
  for (const report of REPORT_NAMES) {
    await page.goto(`reports/${report}`);
    await expect(page.getByRole('heading', { name: en.pages.reports[report] })).toBeVisible();
    // the period: the last three months to the end of next month, so that holidays have reservations
    await page.getByRole('textbox', { name: 'Start date' }).fill('2026-09-01');
    await page.getByRole('textbox', { name: 'End date' }).fill('2026-12-31');
    // Enter after a typed day closes its calendar (open, it covers the button), as Tab does
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Show report' }).click();
    const footer = page.locator('tfoot tr');
    await expect(footer).toContainText('Total');
    const shown = (await footer.locator('td').allInnerTexts()).map((s) => s.trim());
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await (await download).path();
    const csv = Papa.parse<string[]>((await readFile(file, 'utf8')).replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    const header = csv.data[0] ?? [];
    const totals = csv.data.at(-1) ?? [];
    expect(header.length, report).toBe(shown.length);
    expect(totals[0], report).toBe('Total');
    // every figure of the totals line is the screen's, unformatted (money with two decimals, shares with %)
    totals.forEach((v, i) => {
      const screen = shown[i] ?? '';
      if (v === '' || v === 'Total') return;
      expect(Number(screen.replace(/[,%]/g, '')), `${report} ${header[i]}`).toBeCloseTo(Number(v), 2);
    });
    // rows on the screen: as many as in the file (less its header and totals); an empty report says
    // so under its table
    const rows = csv.data.length - 2;
    await expect(page.locator('tbody tr')).toHaveCount(rows);
    if (rows === 0) await expect(page.getByText(en.common.noResults)).toBeVisible();
  }
});

test('a report downloads as XLSX, needs its dates, and reads in Portuguese', async ({ page }) => {
  await logIn(page, 'accountingadmin@demo.local');
  await page.goto('reports/vehicles-reports');
  await page.getByRole('button', { name: 'Show report' }).click();
  await expect(page.locator('tfoot tr')).toContainText('Total');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download XLSX' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^vehicles-reports_vehicle-occupancy_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/,
  );
  // an xlsx is a zip: it starts with PK
  expect((await readFile(await file.path())).subarray(0, 2).toString()).toBe('PK');

  // printed: the report's period and table only, without the console's header, menu and controls
  await page.emulateMedia({ media: 'print' });
  await expect(mainMenu(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Show report' })).toBeHidden();
  // the period once: the printed line instead of the screen's
  await expect(
    page.getByText(/^Vehicle occupancy, \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/).filter({ visible: true }),
  ).toHaveCount(1);
  await expect(page.locator('tfoot tr')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  await page.getByRole('textbox', { name: 'End date' }).clear();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Show report' })).toBeDisabled();

  await page.getByText('PT', { exact: true }).click();
  await page.goto('reports');
  await expect(page.getByRole('link', { name: 'Motoristas únicos por dia' })).toBeVisible();
  await page.goto('reports/drivers-reports');
  await page.getByRole('button', { name: 'Mostrar relatório' }).click();
  await expect(page.locator('tfoot tr')).toContainText('Total');
  expect(await visibleText(page)).not.toMatch(RAW_KEY);
});

test('analytics draws its charts, each downloadable as PNG and its data as CSV', async ({ page }) => {
  await logIn(page, 'admin@demo.local');
  await page.goto('analytics');
  const chart = page.getByRole('region', { name: 'Reservations per day by status' });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Revenue by service' }).locator('canvas')).toBeVisible();
  const png = page.waitForEvent('download');
  await chart.getByRole('button', { name: /PNG/ }).click();
  const picture = await png;
  expect(picture.suggestedFilename()).toMatch(/^reservations_.*\.png$/);
  // a PNG starts with its signature
  expect((await readFile(await picture.path())).subarray(1, 4).toString()).toBe('PNG');
  const csv = page.waitForEvent('download');
  await chart.getByRole('button', { name: /CSV/ }).click();
  const data = Papa.parse<string[]>((await readFile(await (await csv).path(), 'utf8')).replace(/^\uFEFF/, ''), {
    skipEmptyLines: true,
  }).data;
  expect(data[0]?.[0]).toBe('day');
  // a row per day of the period (the last 30 days by default)
  expect(data.length).toBe(31);
});
