import { z } from 'zod';
import { USER_STATUSES } from '../../constants.ts';
import { type ResourceDef, resource } from '../resource.ts';
import { optionalDay, optionalPlace, optionalText, refIds } from '../schema.parts.ts';
import { CREATED_COLUMN } from './common.ts';
import { passengers, riderSchema } from './passengers.ts';

export const GENDERS = ['male', 'female'] as const;

/** Students (school-shuttle template): riders with school details and linked parents. */
export const students: ResourceDef = resource({
  ...passengers,
  key: 'students',
  fixed: { role: 'student' },
  entity: 'Student',
  schema: riderSchema.extend({
    dateOfBirth: optionalDay(),
    gender: z.enum(GENDERS).optional(),
    mainAddress: optionalPlace(),
    alternateAddress: optionalPlace(),
    school: optionalText(),
    academicYear: optionalText(),
    level: optionalText(),
    class: optionalText(),
  }),
  columns: [
    { field: 'firstName', link: true },
    { field: 'lastName', link: true },
    { field: 'email' },
    { field: 'phone' },
    { field: 'school' },
    { field: 'level' },
    { field: 'class', hidden: true },
    { field: 'status', format: 'enum', filter: 'enum', options: USER_STATUSES, optionsKey: 'userStatus' },
    CREATED_COLUMN,
  ],
  form: [
    passengers.form[0] as ResourceDef['form'][number],
    {
      key: 'school',
      fields: [
        { name: 'dateOfBirth', input: 'date' },
        { name: 'gender', input: 'select', options: GENDERS, optionsKey: 'gender' },
        { name: 'school', input: 'text' },
        { name: 'academicYear', input: 'text' },
        { name: 'level', input: 'text' },
        { name: 'class', input: 'text' },
        { name: 'mainAddress', input: 'place' },
        { name: 'alternateAddress', input: 'place' },
      ],
    },
  ],
  search: ['firstName', 'lastName', 'email', 'school'],
  tabs: ['history', 'parents'],
  unique: [{ fields: ['email'], message: 'Passenger/student/driver/area already exists', global: true }],
});

/** Employees (employees template): riders of the employee transport. */
export const employees: ResourceDef = resource({
  ...passengers,
  key: 'employees',
  fixed: { role: 'employee' },
  entity: 'Employee',
  unique: [{ fields: ['email'], message: 'Passenger/student/driver/area already exists', global: true }],
  schema: riderSchema.extend({ office: optionalPlace(), work: optionalPlace(), attributes: refIds() }),
});
