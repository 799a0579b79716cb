import { expect, type Page, test } from '@playwright/test';
import { STAFF_ROLES } from '../packages/domain/src/index.ts';
import pt from '../packages/i18n/src/pt.json' with { type: 'json' };
import { logIn, RAW_KEY, visibleText } from './helpers.ts';

/**
 * Issue 19's walk: every demo role signs in, switches to Portuguese and opens every screen of its
 * menu. A screen fails on a page error, a raw i18n key, the forbidden banner, a reference shown as
 * `#id`, a status badge cut short, or an English word in the console's own words (headers,
 * buttons, labels, tabs, headings, the menu).
 */

/** Every staff role, the school site's admin, and the people who sign in too. */
const ROLES = [...STAFF_ROLES, 'schooladmin', 'driver', 'passenger'];

/** Words of the console's English that Portuguese never uses. */
const ENGLISH =
  /\b(Search|Columns|Create|Delete|Export|Today|Save|Cancel|Edit|Actions|Clear filters|Loading|Settings|Reports|Drivers|Vehicles|Trips|Reservations|Passengers|Online|Offline|Shuttles|Status|Name|Phone|Seats|Service|Driver|Vehicle|Notes|Previous|Close|Confirm|Assign|Route|Suspend|Favourites|Duplicates)\b/;

async function inPortuguese(page: Page, email: string) {
  await logIn(page, email);
  await page.getByText('PT', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
}

/** Every link of the menu, its groups opened. */
async function menuLinks(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: pt.menu.label });
  for (const group of await menu.locator('[aria-expanded="false"]').all()) await group.click();
  const hrefs = await menu.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => h.startsWith('/admin/')))];
}

/** What is wrong with the screen on show, in words. */
async function defects(page: Page): Promise<string[]> {
  const found: string[] = [];
  const text = await visibleText(page);
  const raw = RAW_KEY.exec(text);
  if (raw) found.push(`raw key ${raw[0]}`);
  if (text.includes(pt.serverErrors.forbidden)) found.push('forbidden banner');
  const ids = await page.locator('td, .mantine-Select-input, .mantine-Pill-label').evaluateAll((els) =>
    els
      .map((e) => (e instanceof HTMLInputElement ? e.value : (e.textContent ?? '')).trim())
      // a colour (#008080) is not a reference
      .filter((t) => /^#\d+$/.test(t) && !/^#[0-9a-f]{6}$/i.test(t)),
  );
  if (ids.length) found.push(`references shown as ${ids.slice(0, 3).join(', ')}`);
  const cut = await page
    .locator('.mantine-Badge-label, [class*="status"]')
    .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? ''));
  if (cut.length) found.push(`statuses cut: ${cut.slice(0, 3).join(', ')}`);
  const words = await page
    .locator('th, button, label, h1, h2, h3, [role="tab"], nav a')
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered words, hidden ones left out
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).innerText));
  const english = words.map((w) => ENGLISH.exec(w)?.[0]).filter(Boolean);
  if (english.length) found.push(`English: ${[...new Set(english)].slice(0, 5).join(', ')}`);
  return found;
}

for (const role of ROLES) {
  test(`${role} reads every screen of its menu in Portuguese, whole and allowed`, async ({ page }) => {
    test.setTimeout(180_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await inPortuguese(page, `${role}@demo.local`);
    const problems: string[] = [];
    const home = await defects(page);
    if (home.length) problems.push(`home: ${home.join('; ')}`);
    const links = await menuLinks(page);
    expect(links.length, 'a menu to walk').toBeGreaterThan(0);
    for (const href of links) {
      await page.goto(href);
      await page.waitForLoadState('networkidle');
      const found = await defects(page);
      if (found.length) problems.push(`${href}: ${found.join('; ')}`);
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  });
}
