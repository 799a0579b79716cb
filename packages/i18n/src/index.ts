import en from './en.json' with { type: 'json' };
import pt from './pt.json' with { type: 'json' };

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
