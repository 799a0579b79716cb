import { expect, type Locator, type Page, test } from '@playwright/test';
import { weekDayOf } from '../packages/domain/src/index.ts';
import { siteDay } from './days.ts';
import { logIn, logOut, RAW_KEY, visibleText } from './helpers.ts';

function bookingForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Reservation' });
}

/** Chooses the n-th passenger of the site; their names, profile and home fill in. Returns their last name. */
async function choosePassenger(page: Page, form: Locator, n: number): Promise<string> {
  await form.getByRole('combobox', { name: 'Passenger', exact: true }).click();
  await page.getByRole('option').nth(n).click();
  const last = form.getByRole('textbox', { name: 'Last name', exact: true });
  await expect(last).not.toHaveValue('');
  await expect(form.getByRole('combobox', { name: 'From', exact: true })).not.toHaveValue('');
  return last.inputValue();
}

/** A known place chosen as the address is typed: its coordinates fill in. */
async function chooseTo(page: Page, form: Locator, typed: string) {
  await form.getByRole('combobox', { name: 'To', exact: true }).fill(typed);
  await page.getByRole('option').first().click();
}

test('an agent books a round trip at a quoted fare paid by card, and finds both legs', async ({ page }) => {
  await logIn(page, 'agent@demo.local');
  await page.goto('jobs/create');
  const form = bookingForm(page);
  const last = await choosePassenger(page, form, 3);
  const day = siteDay(21);
  await form.locator('input[data-input=datetime]').first().fill(`${day} 06:15`);
  await chooseTo(page, form, 'Airport');
  // the fares of the journey, one per service: the first is chosen
  const fares = page.getByRole('table', { name: 'Fares' });
  const choose = fares.getByRole('button', { name: /^Choose the fare of/ }).first();
  await expect(choose).toBeVisible();
  await choose.click();
  await expect(choose).toHaveAttribute('aria-pressed', 'true');
  await expect(choose).toHaveText('Chosen');
  const price = await form.getByRole('textbox', { name: 'Price', exact: true }).inputValue();
  expect(Number(price)).toBeGreaterThan(0);
  // the return, five days later
  await form.getByRole('switch', { name: 'Round trip' }).check();
  await form
    .locator('input[data-input=datetime]')
    .nth(1)
    .fill(`${siteDay(26)} 19:30`);
  // paid by card: the card's fields appear
  await form.getByRole('combobox', { name: 'Payment type', exact: true }).click();
  await page.getByRole('option', { name: 'Card', exact: true }).click();
  await form.getByRole('textbox', { name: 'Card number', exact: true }).fill('4242424242424241');
  await form.getByRole('textbox', { name: 'Expiry (MM/YY)', exact: true }).fill('12/30');
  await form.getByRole('textbox', { name: 'CVV', exact: true }).fill('123');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  // a mistyped number is caught before anything is sent
  await expect(form.getByText('The card number that was entered is invalid')).toBeVisible();
  await form.getByRole('textbox', { name: 'Card number', exact: true }).fill('4242424242424242');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const booked = page.getByText(/^Round trip booked: #\d+ and its return #\d+$/);
  await expect(booked).toBeVisible();
  const [legA, legB] = ((await booked.textContent()) ?? '').match(/\d+/g) ?? [];

  // the list, as the agent home opens it: the passenger's reservations of those days, both legs among them
  await page.goto(`jobs?search=${encodeURIComponent(last)}&from=${day}&to=${siteDay(26)}`);
  const row = (id: string | undefined) =>
    page.locator('tbody tr').filter({ has: page.getByRole('link', { name: id, exact: true }) });
  await expect(row(legA)).toHaveCount(1);
  await expect(row(legB)).toHaveCount(1);
  await row(legA).getByRole('link').first().click();
  await expect(page.getByText('Paid by visa ···· 4242')).toBeVisible();
  // leg A opens leg B
  await page.getByRole('link', { name: `Leg B: #${legB}` }).click();
  await expect(page.getByRole('link', { name: /^Leg A: #\d+$/ })).toBeVisible();
  // an agent sees no history nor accounting: only the notes tab
  await expect(page.getByRole('tab', { name: 'Summary' })).toHaveCount(0);
  const legBPage = page.url();

  // the office side: an admin sees the leg's charge, its life, and keeps its notes
  await logOut(page);
  await logIn(page, 'admin@demo.local');
  await page.goto(legBPage);
  await page.getByRole('tab', { name: 'Payments' }).click();
  const charge = page.getByRole('row').filter({ hasText: 'Payment' });
  await expect(charge).toContainText('···· 4242');
  await page.getByRole('tab', { name: 'Summary' }).click();
  await expect(page.getByText('Booked as New')).toBeVisible();
  await page.getByRole('tab', { name: 'Notes' }).click();
  await page.getByRole('textbox', { name: 'Note' }).fill('Gate code 4411');
  await page.getByRole('button', { name: 'Add note' }).click();
  const note = page.getByRole('row').filter({ hasText: 'Gate code 4411' });
  await expect(note).toBeVisible();
  await note.getByRole('button', { name: 'Pin' }).click();
  await expect(note.getByText('Pinned')).toBeVisible();
  await note.getByRole('button', { name: 'Unpin' }).click();
  await expect(note.getByText('Pinned')).toHaveCount(0);
  await note.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Note' }).fill('Gate code 4412');
  await page.getByRole('button', { name: 'Save note' }).click();
  const edited = page.getByRole('row').filter({ hasText: 'Gate code 4412' });
  await expect(edited).toBeVisible();
  await edited.getByRole('button', { name: 'Delete note' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete note' }).click();
  await expect(edited).toHaveCount(0);
  // canceled, its card payment is refunded
  await page.getByRole('button', { name: 'Cancel reservation' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel reservation' }).click();
  await expect(page.getByText(/^Reservation #\d+ canceled$/)).toBeVisible();
  await page.goto(legBPage);
  await expect(page.getByRole('button', { name: 'Cancel reservation' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Payments' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Refund' })).toContainText('···· 4242');
  // its history reads by field labels and names, not as data with ids
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByText('Status: New → Canceled')).toBeVisible();
  await expect(page.getByText(/^Passenger: (?!#)\S/).first()).toBeVisible();
});

test('a likely duplicate is booked only once the agent confirms it', async ({ page }) => {
  await logIn(page, 'agent@demo.local');
  const book = async () => {
    await page.goto('jobs/create');
    const form = bookingForm(page);
    await choosePassenger(page, form, 5);
    await form
      .locator('input[data-input=datetime]')
      .first()
      .fill(`${siteDay(30)} 10:00`);
    await chooseTo(page, form, 'Airport');
    await form.getByRole('textbox', { name: 'Price', exact: true }).fill('45');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
  };
  await book();
  await expect(page.getByText('Reservation created')).toBeVisible();
  await book();
  const dialog = page.getByRole('dialog', { name: 'Confirm the reservation' });
  await expect(dialog.getByText(/already has a reservation from and to the same places/)).toBeVisible();
  // declined: nothing is booked and the form stays
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'New Reservation' })).toBeVisible();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Confirm the reservation' })
    .getByRole('button', { name: 'Book anyway' })
    .click();
  await expect(page.getByText('Reservation created')).toBeVisible();
});

test('a weekly series of 10: each date booked, the repeat asked for when one is changed', async ({ page }) => {
  await logIn(page, 'agent@demo.local');
  await page.goto('jobs/create');
  const form = bookingForm(page);
  const last = await choosePassenger(page, form, 7);
  await form
    .locator('input[data-input=datetime]')
    .first()
    .fill(`${siteDay(2)} 07:40`);
  await chooseTo(page, form, 'Gare');
  await form.getByRole('textbox', { name: 'Price', exact: true }).fill('22');
  await form.getByRole('switch', { name: 'Repeat' }).check();
  // every week on one weekday, ten times: the weekday of the first date
  const weekday = weekDayOf(siteDay(2));
  const names = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  await form.getByText(names[weekday] as string, { exact: true }).click();
  await form.getByRole('textbox', { name: 'Times', exact: true }).fill('10');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Series booked: 10 dates')).toBeVisible();
  await page.goto(`jobs?search=${encodeURIComponent(last)}&from=${siteDay(2)}&to=${siteDay(2 + 7 * 9)}`);
  await expect(page.locator('tbody tr').filter({ hasText: '07:40' })).toHaveCount(10);
  // a change of one date asks which of the series it is for
  await page.locator('tbody tr').first().getByRole('link').first().click();
  await expect(page.getByText('Repeating')).toBeVisible();
  await bookingForm(page).getByRole('textbox', { name: 'Price', exact: true }).fill('24');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Change a repeating reservation' })
    .getByRole('button', { name: 'All' })
    .click();
  await expect(page.getByText('Reservation updated')).toBeVisible();
});

test('the booking form reads in Portuguese, fares and repeat included, with no raw key', async ({ page }) => {
  await logIn(page, 'agent@demo.local');
  await page.getByText('PT', { exact: true }).click();
  await page.goto('jobs/create');
  const form = page.getByRole('form', { name: 'Reserva' });
  await form.getByRole('switch', { name: 'Repetir' }).check();
  await form.getByRole('switch', { name: 'Ida e volta' }).check();
  await form.getByRole('combobox', { name: 'Tipo de pagamento', exact: true }).click();
  await page.getByRole('option', { name: 'Cartão', exact: true }).click();
  await expect(form.getByRole('textbox', { name: 'Número do cartão', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Criar', exact: true }).click();
  await expect(page.getByText('Campo obrigatório').first()).toBeVisible();
  expect(await visibleText(page)).not.toMatch(RAW_KEY);
});

test('a quick reservation by keyboard only: the caller found by phone, the cheapest fare, Enter books', async ({
  page,
}) => {
  await logIn(page, 'agent@demo.local');
  // a passenger of the agent's site, by the phone they call from
  await page.goto('passengers');
  const row = page
    .locator('tbody tr')
    .filter({ hasText: /\d{3}-\d{3}-\d{4}/ })
    .first();
  await expect(row).toBeVisible();
  const listed = (await row.textContent()) ?? '';
  const number = listed.match(/\d{3}-\d{3}-\d{4}/)?.[0] as string;
  expect(number).toBeTruthy();
  await page.goto('jobs/quick');
  const form = page.getByRole('form', { name: 'Quick reservation' });
  const phone = form.getByRole('textbox', { name: 'Phone' });
  await expect(phone).toBeFocused();
  await page.keyboard.type(number);
  await expect(form.getByText(/^On file: /)).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'From' })).not.toHaveValue('');
  for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
  await expect(form.getByRole('combobox', { name: 'To' })).toBeFocused();
  await page.keyboard.type('Trudeau');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(form.getByText(/^Cheapest fare: .+ \d+\.\d\d$/)).toBeVisible();
  await page.keyboard.press('Enter');
  // the pickup is soon: inside the suppliers' limitation, confirmed with Enter
  const dialog = page.getByRole('dialog', { name: 'Confirm the reservation' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Reservation #\d+ booked$/)).toBeVisible();
  // the next call starts empty, on the phone
  await expect(phone).toHaveValue('');
  await expect(phone).toBeFocused();
});

test('a caller not on file becomes a passenger from the booking form, and goes to a terminal of the airport', async ({
  page,
}) => {
  await logIn(page, 'agent@demo.local');
  await page.goto('jobs/create');
  const form = bookingForm(page);
  // the profile and the pickup chosen first come along to the new passenger
  await form.getByRole('combobox', { name: 'Profile', exact: true }).click();
  await page.getByRole('option').first().click();
  await form.getByRole('button', { name: 'New passenger' }).click();
  const dialog = page.getByRole('form', { name: 'New passenger' });
  await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill('Noémie');
  await dialog.getByRole('textbox', { name: 'Last name', exact: true }).fill('Vaillancourt-Essai');
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('noemie.vaillancourt@example.com');
  await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('514-555-0199');
  await dialog.getByRole('button', { name: 'Create the passenger' }).click();
  await expect(page.getByText('Passenger Noémie Vaillancourt-Essai created')).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Passenger', exact: true })).toHaveValue('Noémie Vaillancourt-Essai');
  await expect(form.getByRole('textbox', { name: 'Last name', exact: true })).toHaveValue('Vaillancourt-Essai');
  await expect(form.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue('514-555-0199');

  // from downtown to the airport's international terminal
  await form.getByRole('combobox', { name: 'From', exact: true }).fill('Gare Centrale');
  await page.getByRole('option').first().click();
  await chooseTo(page, form, 'Airport');
  await form.getByText('International', { exact: true }).click();
  await expect(form.getByRole('textbox', { name: 'Terminal', exact: true })).toHaveValue('International');
  await form
    .locator('input[data-input=datetime]')
    .first()
    .fill(`${siteDay(15)} 10:40`);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Reservation created')).toBeVisible();
  // the new passenger's reservation, to the terminal
  await page.goto(`jobs?search=Vaillancourt-Essai&from=${siteDay(15)}&to=${siteDay(15)}`);
  await page.locator('tbody tr').first().getByRole('link').first().click();
  await expect(bookingForm(page).getByRole('textbox', { name: 'Terminal', exact: true })).toHaveValue('International');
});

test('a save the server refuses says so in the spec’s words, with the field at fault', async ({ page }) => {
  await logIn(page, 'agent@demo.local');
  await page.goto('jobs/create');
  const form = bookingForm(page);
  await choosePassenger(page, form, 5);
  await form
    .locator('input[data-input=datetime]')
    .first()
    .fill(`${siteDay(18)} 09:00`);
  await chooseTo(page, form, 'Airport');
  // a return before the pickup: only the server knows both dates as one rule
  await form.getByRole('switch', { name: 'Round trip' }).check();
  await form
    .locator('input[data-input=datetime]')
    .nth(1)
    .fill(`${siteDay(18)} 08:00`);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('An error occured while creating or updating the reservation')).toBeVisible();
  // under the return's field and in the form's message
  await expect(form.getByText('The return must be after the pickup')).toHaveCount(2);
  await expect(form.getByRole('textbox', { name: 'Return date and time' })).toHaveAttribute('aria-invalid', 'true');
});
