import { z } from 'zod';
import { SETTING_CATEGORIES, SETTING_TYPES } from '../../constants.ts';
import { vk } from '../messages.ts';
import { type ResourceDef, resource } from '../resource.ts';
import { optionalSite, optionalText, requiredText } from '../schema.parts.ts';
import { CREATED_COLUMN } from './common.ts';

type SettingType = (typeof SETTING_TYPES)[number];

const MAP_CENTER = /^\s*(-?\d+(?:\.\d+)?),\s*(-?\d+(?:\.\d+)?)\s*$/;

/** "lat, lng" with the latitude in -90..90 and the longitude in -180..180. */
export function isMapCenter(v: unknown): boolean {
  const m = typeof v === 'string' ? MAP_CENTER.exec(v) : null;
  return !!m && Math.abs(Number(m[1])) <= 90 && Math.abs(Number(m[2])) <= 180;
}

function parsed(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
}

/** The message a setting value breaks for its type, or undefined when it fits (spec section 3: String/Boolean/Object/Array/Integer/Range/Float). */
export function settingValueProblem(type: SettingType, value: unknown): string | undefined {
  switch (type) {
    case 'Boolean':
      return value === true || value === false || value === 'true' || value === 'false'
        ? undefined
        : vk('settingBoolean');
    case 'Integer':
      return Number.isInteger(typeof value === 'string' && value.trim() !== '' ? Number(value) : value)
        ? undefined
        : vk('settingInteger');
    case 'Float': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof n === 'number' && Number.isFinite(n) ? undefined : vk('settingFloat');
    }
    case 'Range': {
      const m = typeof value === 'string' ? /^\s*(-?\d+(?:\.\d+)?)\s*-\s*(-?\d+(?:\.\d+)?)\s*$/.exec(value) : null;
      return m && Number(m[1]) <= Number(m[2]) ? undefined : vk('settingRange');
    }
    case 'Object': {
      const o = parsed(value);
      return o && typeof o === 'object' && !Array.isArray(o) ? undefined : vk('settingObject');
    }
    case 'Array':
      return Array.isArray(parsed(value)) ? undefined : vk('settingArray');
    case 'String':
      return typeof value === 'string' ? undefined : vk('required');
  }
}

export const systemsettings: ResourceDef = resource({
  key: 'systemsettings',
  collection: 'settings',
  entity: 'Setting',
  schema: z
    .looseObject({
      unit: optionalSite(),
      name: requiredText(),
      label: optionalText(),
      description: optionalText(),
      category: z.enum(SETTING_CATEGORIES, { error: vk('required') }),
      type: z.enum(SETTING_TYPES, { error: vk('required') }),
      value: z.unknown(),
      profiles: z.array(z.number().int().positive()).optional(),
    })
    .superRefine((s, ctx) => {
      const problem = settingValueProblem(s.type, s.value ?? (s.type === 'String' ? '' : undefined));
      if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
      else if (s.name.trim().toLowerCase() === 'map center' && !isMapCenter(s.value)) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: vk('mapCenter') });
      }
    }),
  defaults: { category: 'Misc', type: 'String', value: '' },
  columns: [
    { field: 'name', link: true },
    { field: 'label' },
    { field: 'category', format: 'enum', filter: 'enum', options: SETTING_CATEGORIES, optionsKey: 'settingCategory' },
    { field: 'type', format: 'enum', filter: 'enum', options: SETTING_TYPES },
    { field: 'value', wide: true, sortable: false, filter: 'none' },
    { field: 'unit', format: 'ref', ref: { col: 'units', label: ['name'] }, filter: 'none' },
    { field: 'description', hidden: true },
    CREATED_COLUMN,
  ],
  form: [
    {
      key: 'setting',
      fields: [
        { name: 'name', input: 'text', required: true },
        { name: 'label', input: 'text' },
        {
          name: 'category',
          input: 'select',
          options: SETTING_CATEGORIES,
          optionsKey: 'settingCategory',
          required: true,
        },
        { name: 'type', input: 'select', options: SETTING_TYPES, required: true },
        { name: 'value', input: 'text' },
        { name: 'unit', input: 'ref', ref: { col: 'units', label: ['name'] } },
        { name: 'profiles', input: 'refs', ref: { col: 'profiles', label: ['name'] } },
        { name: 'description', input: 'textarea' },
      ],
    },
  ],
  search: ['name', 'label', 'description'],
  duplicateKey: ['name'],
  savedFilters: { type: SETTING_TYPES },
  tabs: ['history'],
});
