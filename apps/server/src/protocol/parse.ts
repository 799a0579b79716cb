import { validationText } from '@tc/domain';
import type { z } from 'zod';
import { BadRequest } from './errors.ts';

/** Validates an act's body; the first problem becomes a 400 naming its field, in English (`validation.*` keys become their texts). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue?.path.join('.');
  throw new BadRequest(validationText(issue?.message ?? 'Invalid request'), field ? { field } : {});
}
