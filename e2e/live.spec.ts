import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { siteDay } from './days.ts';
import { DEMO_PASSWORD, logIn, RAW_KEY, visibleText } from './helpers.ts';

const API = 'http://localhost:8091/';

async function api<T = Record<string, unknown>>(request: APIRequestContext, body: Record<string, unknown>): Promise<T> {
  const r = await request.post(API, { data: body });
  const answer = (await r.json()) as T;
  expect(r.ok(), JSON.stringify(answer)).toBe(true);
  return answer;
}

/**
 * A trip of today with riders, given to the demo driver (driver@demo.local) and sent to it, as a
 * dispatcher does: a new trip of today without a driver, else one cleared first.
 */
async function tripForTheDemoDriver(request: APIRequestContext): Promise<number> {
  const { token: driverToken } = await api<{ token: string }>(request, {
    act: 'login',
    email: 'driver@demo.local',
    password: DEMO_PASSWORD,
  });
  const day = await api<{ driver: { _id: number; car: number } }>(request, { act: 'driverday', token: driverToken });
  const { token } = await api<{ token: string }>(request, {
    act: 'login',
    email: 'dispatcher@demo.local',
    password: DEMO_PASSWORD,
  });
  const today = siteDay();
  const { data } = await api<{ data: { _id: number; driver?: number; stops?: number[] }[] }>(request, {
    act: 'find',
    token,
    col: 'trips',
    // a trip not yet started: new, else sent or approved (cleared back to new below); in the evening
    // the day may have one new trip left, which the test before took
    query: { date: [`${today} 00:00`, `${today} 23:59`], status: { $in: ['new', 'sent', 'approved'] } },
    sort: { _id: -1 },
    limit: 100,
  });
  const trip =
    data.find((t) => !t.driver && (t.stops?.length ?? 0) > 0) ?? data.find((t) => (t.stops?.length ?? 0) > 0);
  if (!trip) throw new Error('no trip today in the demo that has not started');
  const act = async (action: string, more: Record<string, unknown> = {}) => {
    const { data: now } = await api<{ data: { _version: number }[] }>(request, {
      act: 'find',
      token,
      col: 'trips',
      query: { _id: trip._id },
    });
    return api(request, { act: 'tripaction', token, id: trip._id, _version: now[0]?._version, action, ...more });
  };
  if (trip.driver) await act('clear');
  await act('assign', { driver: day.driver._id, car: day.driver.car });
  await act('send');
  return trip._id;
}

async function vehiclePosition(page: Page) {
  return page.getByTestId('vehicle-position').textContent();
}

test('a driver works a trip from a phone while the live map shows the vehicle move and the trip change', async ({
  browser,
  page,
  request,
}) => {
  const tripId = await tripForTheDemoDriver(request);

  // the phone: a 360 px page, its position given by the browser
  const phoneContext = await browser.newContext({
    viewport: { width: 360, height: 740 },
    geolocation: { latitude: 45.5017, longitude: -73.5673, accuracy: 10 },
    permissions: ['geolocation'],
  });
  const phone = await phoneContext.newPage();
  await phone.goto('driver');
  await phone.getByLabel('Email', { exact: true }).fill('driver@demo.local');
  await phone.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await phone.getByRole('button', { name: 'Log in' }).click();
  const card = phone.getByLabel(`Trip ${tripId}`, { exact: true });
  await expect(card).toBeVisible();
  await expect(card.getByText('Sent', { exact: true })).toBeVisible();
  // nothing of it overflows the phone's width
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  if (await phone.getByRole('button', { name: 'Go online' }).isVisible())
    await phone.getByRole('button', { name: 'Go online' }).click();
  await expect(phone.getByText('Sharing your position with dispatch')).toBeVisible();

  // the dispatcher's live map, on the demo driver's vehicle
  await logIn(page, 'dispatcher@demo.local');
  await page.goto('livemap');
  const driverName = ((await phone.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
  await page.getByRole('combobox', { name: 'Vehicle', exact: true }).fill(driverName);
  await page.getByRole('option', { name: driverName }).click();
  const panel = page.getByLabel('Selected vehicle');
  // the trip among the driver's trips of the day, with its status
  const tripRow = panel.getByRole('link', { name: `Trip ${tripId}` }).locator('..');
  await expect(tripRow.getByText('Sent', { exact: true })).toBeVisible();
  await expect(page.getByTestId('vehicle-position')).toHaveText('45.50170, -73.56730');

  await card.getByRole('button', { name: 'Accept' }).click();
  await card.getByRole('button', { name: 'Start the trip' }).click();
  await expect(card.getByText('In route', { exact: true })).toBeVisible();
  await expect(tripRow.getByText('In route', { exact: true })).toBeVisible();

  // the vehicle moves: the live map follows it
  await phoneContext.setGeolocation({ latitude: 45.51, longitude: -73.58, accuracy: 10 });
  await expect.poll(() => vehiclePosition(page), { timeout: 15_000 }).toBe('45.51000, -73.58000');

  // a message from dispatch reaches the phone at once (over its socket, not at the next minute's read)
  const { token: desk } = await api<{ token: string }>(request, {
    act: 'login',
    email: 'dispatcher@demo.local',
    password: DEMO_PASSWORD,
  });
  const { data: now } = await api<{ data: { _version: number }[] }>(request, {
    act: 'find',
    token: desk,
    col: 'trips',
    query: { _id: tripId },
  });
  await api(request, {
    act: 'tripaction',
    token: desk,
    id: tripId,
    _version: now[0]?._version,
    action: 'message',
    text: 'Use the side door',
  });
  await expect(card.getByText('Use the side door')).toBeVisible({ timeout: 5_000 });

  // the running trip's stops show their ETAs, on the phone and on the trip's page
  await expect(card.getByText(/^ETA \d\d:\d\d/).first()).toBeVisible({ timeout: 20_000 });
  const tripPage = await page.context().newPage();
  await tripPage.goto(`trips/${tripId}`);
  await expect(tripPage.getByRole('columnheader', { name: 'ETA', exact: true })).toBeVisible();
  await expect(tripPage.getByText(/^ETA \d\d:\d\d/).first()).toBeVisible();
  await tripPage.close();

  // every rider picked up, then dropped off, then the trip ends
  for (const name of ['Picked up', 'Dropped off']) {
    const buttons = card.getByRole('button', { name, exact: true });
    await expect(buttons.first()).toBeVisible();
    for (let left = await buttons.count(); left > 0; left--) {
      await buttons.first().click();
      await expect(buttons).toHaveCount(left - 1);
    }
  }
  await card.getByRole('button', { name: 'End the trip' }).click();
  await expect(card.getByText('Done', { exact: true })).toBeVisible();
  await expect(phone.getByText(/waiting for the network/)).toHaveCount(0);
  // the trip is done on the console too
  await page.goto(`trips/${tripId}`);
  await expect(page.getByRole('status', { name: 'Status' })).toHaveText('Done');
  await phoneContext.close();
});

test('a driver’s action taken without network is sent when it returns', async ({ browser, request }) => {
  const tripId = await tripForTheDemoDriver(request);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const phone = await context.newPage();
  await phone.goto('driver');
  await phone.getByLabel('Email', { exact: true }).fill('driver@demo.local');
  await phone.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await phone.getByRole('button', { name: 'Log in' }).click();
  const card = phone.getByLabel(`Trip ${tripId}`, { exact: true });
  await expect(card.getByText('Sent', { exact: true })).toBeVisible();
  await context.setOffline(true);
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(phone.getByText('1 action waiting for the network')).toBeVisible();
  await context.setOffline(false);
  await expect(phone.getByText(/waiting for the network/)).toHaveCount(0, { timeout: 15_000 });
  await expect(card.getByText('Approved', { exact: true })).toBeVisible({ timeout: 20_000 });
  await context.close();
});

test('road blocks are added on the map, taken away and saved', async ({ page }) => {
  await logIn(page, 'dispatcher@demo.local');
  await page.goto('roadBlocks');
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  const rows = page.getByRole('table', { name: 'Road blocks' }).locator('tr');
  const before = await rows.count();
  // a click on the map: no route server in the demo, the point is kept where clicked and the screen says so
  const map = page.getByRole('region', { name: /Road Blocks/ });
  const box = await map.boundingBox();
  if (!box) throw new Error('no map');
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.7);
  await expect(page.getByText('No map route server is set: points are kept where you click.')).toBeVisible();
  await expect(page.getByText('1 to add, 0 to remove')).toBeVisible();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText(/Road blocks saved: 1 added, 0 removed\./)).toBeVisible();
  await expect(rows).toHaveCount(before + 1);
  // the new block (the last row) taken away and saved
  await rows
    .last()
    .getByRole('button', { name: /^Remove / })
    .click();
  await expect(page.getByText('0 to add, 1 to remove')).toBeVisible();
  await save.click();
  await expect(page.getByText(/Road blocks saved: 0 added, 1 removed\./)).toBeVisible();
  await expect(rows).toHaveCount(before);
});

test('the live map and road blocks in Portuguese', async ({ page }) => {
  await logIn(page, 'dispatcher@demo.local');
  await page.getByText('PT', { exact: true }).click();
  await page.goto('livemap');
  await expect(page.getByRole('heading', { name: 'Mapa ao Vivo' })).toBeVisible();
  await expect(page.getByText('Estado do motorista')).toBeVisible();
  await page.goto('roadBlocks');
  await expect(page.getByRole('heading', { name: 'Cortes de Estrada' })).toBeVisible();
  expect(await visibleText(page)).not.toMatch(RAW_KEY);
  await page.goto('driver');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
});

test('running trips that reach a stop past its window are flagged late on the trips list, and their page tells which stop', async ({
  page,
}) => {
  await logIn(page, 'dispatcher@demo.local');
  // the demo's trips under way since before now: the late sweep flagged those it reaches late
  await page.goto('trips?status=in%20route,picking%20up&from=2000-01-01&to=2100-12-31');
  await expect(page.getByRole('columnheader', { name: 'Late stops' })).toBeVisible();
  const lateTrip = async () =>
    page.evaluate(() => {
      const late = [...document.querySelectorAll('thead th')].findIndex(
        (th) => (th.textContent ?? '').trim() === 'Late stops',
      );
      for (const tr of document.querySelectorAll('tbody tr')) {
        const cells = tr.querySelectorAll('td');
        if (/^\d+$/.test((cells[late] as HTMLElement | undefined)?.innerText.trim() ?? ''))
          return (tr.querySelector('a') as HTMLAnchorElement | null)?.innerText.trim() ?? null;
      }
      return null;
    });
  await expect.poll(lateTrip, { timeout: 15_000 }).not.toBeNull();
  const id = await lateTrip();
  await page.getByRole('link', { name: String(id), exact: true }).click();
  await expect(page.getByRole('heading', { name: `Trip #${id}` })).toBeVisible();
  // its page tells which stop is late
  await expect(page.getByText(/^ETA \d\d:\d\d · late$/).first()).toBeVisible();
});

test('the live map draws every running trip’s way ahead when asked, in straight legs without a route server', async ({
  page,
}) => {
  await logIn(page, 'dispatcher@demo.local');
  await page.goto('livemap');
  const routes = page.locator('.leaflet-overlay-pane path[stroke="#5c7cfa"]');
  await expect(page.getByRole('region', { name: 'Map: Live Map' })).toBeVisible();
  expect(await routes.count()).toBe(0);
  await page.getByRole('switch', { name: 'All routes' }).check();
  await expect.poll(() => routes.count()).toBeGreaterThan(1);
  await expect(page.getByText('Straight lines: no map route server is set')).toBeVisible();
});

for (const refused of [false, true])
  test(`the live map draws its vehicles ${refused ? 'in the page when its canvas worker is refused' : 'in a worker'}: clustered zoomed out, a vehicle's name and panel under the pointer zoomed in`, async ({
    page,
    request,
  }) => {
    if (refused) await page.route(/vehicleWorker/, (route) => route.abort());
    const { token } = await api<{ token: string }>(request, {
      act: 'login',
      email: 'driver@demo.local',
      password: DEMO_PASSWORD,
    });
    const {
      driver: { name },
    } = await api<{ driver: { name: string } }>(request, { act: 'driverday', token });
    await logIn(page, 'dispatcher@demo.local');
    await page.goto('livemap');
    const map = page.getByRole('region', { name: 'Map: Live Map' });
    await expect(map).toHaveAttribute('data-clusters', /^[1-9]\d*$/);
    // a vehicle picked by name is followed, at the map's centre though its panel narrows the map;
    // from zoom 13 on, every vehicle is drawn alone
    await page.getByRole('combobox', { name: 'Vehicle', exact: true }).fill(name);
    await page.getByRole('option', { name }).click();
    await expect(page.getByRole('switch', { name: 'Follow this vehicle' })).toBeChecked();
    for (let k = 0; k < 3; k++) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.waitForTimeout(400);
    }
    await expect(map).toHaveAttribute('data-clusters', '0');
    await page.getByLabel('Selected vehicle').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByLabel('Selected vehicle')).toHaveCount(0);
    const box = (await map.boundingBox()) as { x: number; y: number; width: number; height: number };
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.locator('.leaflet-tooltip')).toHaveText(name);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByLabel('Selected vehicle').getByRole('heading', { name })).toBeVisible();
  });
