import valid from 'card-validator';
import { isValidPhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';
import { NAME_MAX, NAME_MIN, NOTE_TYPES, OPUS_CARD_LENGTH } from '../constants.ts';
import { vk } from './messages.ts';

/** Building blocks of the resource schemas; every message is a `validation.*` key. */

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const requiredText = () =>
  z
    .string({ error: vk('required') })
    .trim()
    .min(1, vk('required'));

export const optionalText = () => z.preprocess(blankToUndefined, z.string().trim().optional());

/** First and last names: 2 to 30 characters (spec section 9). */
export const personName = () =>
  requiredText().pipe(z.string().min(NAME_MIN, vk('nameLength')).max(NAME_MAX, vk('nameLength')));

export const requiredEmail = () =>
  z
    .string({ error: vk('emailRequired') })
    .trim()
    .min(1, vk('emailRequired'))
    .pipe(z.email(vk('emailInvalid')));

export const optionalEmail = () => z.preprocess(blankToUndefined, z.email(vk('emailInvalid')).optional());

/** North American numbers are the default region (the demo operator is in Montréal). */
export function phoneOk(v: string): boolean {
  return isValidPhoneNumber(v, 'CA');
}

export const requiredPhone = () => requiredText().refine(phoneOk, vk('phoneInvalid'));
export const optionalPhone = () =>
  z.preprocess(blankToUndefined, z.string().trim().refine(phoneOk, vk('phoneInvalid')).optional());

export const opusCard = () =>
  z.preprocess(blankToUndefined, z.string().trim().length(OPUS_CARD_LENGTH, vk('opusCard')).optional());

/** A site (`unit`). */
export const siteId = () =>
  z
    .number({ error: vk('required') })
    .int()
    .positive(vk('required'));
export const optionalSite = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.number().int().positive().optional());

export const refId = () =>
  z
    .number({ error: vk('required') })
    .int()
    .positive(vk('required'));
export const optionalRef = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.number().int().positive().optional());
export const refIds = () => z.array(z.number().int().positive()).default([]);
export const requiredRefIds = () =>
  z.array(z.number().int().positive(), { error: vk('required') }).min(1, vk('required'));

/** A number typed in a form: empty is "not given". */
export const optionalNumber = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.number({ error: vk('number') }).optional());
/** A number a form must have: left empty it is required, typed wrong it is not a number. */
export const requiredNumber = () =>
  z.number({ error: (issue) => vk(issue.input === undefined ? 'required' : 'number') });
export const requiredInt = () => requiredNumber().int(vk('integer'));

export const latitude = () =>
  z
    .number({ error: vk('required') })
    .min(-90, vk('latitude'))
    .max(90, vk('latitude'));
export const longitude = () =>
  z
    .number({ error: vk('required') })
    .min(-180, vk('longitude'))
    .max(180, vk('longitude'));

/** An address with its coordinates, as people, jobs and places store it. */
export const place = () =>
  z.looseObject({ address: requiredText(), lat: latitude().optional(), lon: longitude().optional() });
/** A place a record must have: left blank (no address) it is required. */
export const requiredPlace = () =>
  z.preprocess(
    (v) => (v && typeof v === 'object' && !(v as { address?: string }).address ? undefined : v),
    z.looseObject(
      { address: requiredText(), lat: latitude().optional(), lon: longitude().optional() },
      { error: vk('required') },
    ),
  );
export const optionalPlace = () =>
  z.preprocess(
    (v) => (v && typeof v === 'object' && !(v as { address?: string }).address ? undefined : v),
    place().optional(),
  );

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function isDay(v: string): boolean {
  if (!DAY.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}
export const requiredDay = () => requiredText().refine(isDay, vk('dateInvalid'));
export const optionalDay = () => z.preprocess(blankToUndefined, z.string().refine(isDay, vk('dateInvalid')).optional());

/** A site-local date and time as the server keeps it (`YYYY-MM-DD HH:mm`, spec section 9); a day alone is midnight. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[ T]([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?)?$/;
function isDateTime(v: string): boolean {
  const m = DATE_TIME.exec(v);
  return m !== null && isDay(m[1] as string);
}
export const requiredDateTime = () => requiredText().refine(isDateTime, vk('dateInvalid'));
export const optionalDateTime = () =>
  z.preprocess(blankToUndefined, z.string().trim().refine(isDateTime, vk('dateInvalid')).optional());

export const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const requiredTime = () => requiredText().regex(TIME, vk('timeInvalid'));
export const optionalTime = () => z.preprocess(blankToUndefined, z.string().regex(TIME, vk('timeInvalid')).optional());

/** Weekdays as numbers 0 (Sunday) to 6; at least one. */
export const weekDays = () => z.array(z.number().int().min(0).max(6), { error: vk('weekDays') }).min(1, vk('weekDays'));

/** One of a list of values: a missing one is required, another one is not on the list. */
export const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => vk(issue.input === undefined ? 'required' : 'oneOf') });

/** A card number that passes the Luhn check (blacklist). */
export const cardNumber = () =>
  z
    .string({ error: vk('required') })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{12,19}$/.test(v) && valid.number(v, { luhnValidateUnionPay: true }).isValid, vk('cardInvalid'));

/** Suspension kept on suspendable records. */
export const suspension = () =>
  z.looseObject({ reason: z.string(), note: z.string().optional(), at: z.string().optional() }).optional();

/** A record's notes (the notes tab): each of a spec note type, with its text, author and time. */
export const notes = () =>
  z
    .array(
      z.strictObject({
        type: z.enum(NOTE_TYPES, { error: vk('oneOf') }),
        text: requiredText(),
        user: z.string().optional(),
        time: z.string().optional(),
        /** Shown first, above the others (pin, unpin). */
        pinned: z.boolean().optional(),
      }),
    )
    .optional();

/** A count typed in a form (seats, bags): a whole number from 0 to `max`; empty is no count. */
export const count = (max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .number({ error: vk('number') })
      .int(vk('integer'))
      .min(0, vk('notNegative'))
      .max(max)
      .optional(),
  );

/** A rider's caregiver (a passenger's, a reservation's): names, a valid email and phone, all optional. */
export const caregiver = () =>
  z
    .strictObject({
      firstName: optionalText(),
      lastName: optionalText(),
      email: optionalEmail(),
      phone: optionalPhone(),
    })
    .optional();
