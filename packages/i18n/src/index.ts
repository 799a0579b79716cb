import enBase from './en.json' with { type: 'json' };
import ptBase from './pt.json' with { type: 'json' };
import enResources from './resources/en.json' with { type: 'json' };
import ptResources from './resources/pt.json' with { type: 'json' };

/** The shell's messages, plus the resource screens' labels and option values (`resources.*`, `values.*`). */
const en = { ...enBase, ...enResources, values: { ...enBase.values, ...enResources.values } };
const pt = { ...ptBase, ...ptResources, values: { ...ptBase.values, ...ptResources.values } };

export const LANGUAGES = ['en', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const resources = { en, pt } as const;

type Tree = { [key: string]: string | Tree };

/** Flattens a nested message tree to dotted keys. */
export function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}

/** The i18n key of a resource field's label: dots of nested paths become underscores. */
export function fieldLabelKey(resource: string, field: string): string {
  return `resources.${resource}.fields.${field.replaceAll('.', '_')}`;
}
