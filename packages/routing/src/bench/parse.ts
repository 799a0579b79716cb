import { type BenchInstance, InstanceParseError, numberedLines } from './instance.ts';
import { parseCordeau } from './parse-cordeau.ts';
import { parseLiLim } from './parse-lilim.ts';

/**
 * Reads a Cordeau or a Li & Lim instance, recognised by its first line: five numbers (`K n T Q L`)
 * for Cordeau, three (`K Q S`) for Li & Lim.
 */
export function parseInstance(text: string, name: string, file?: string): BenchInstance {
  const head = numberedLines(text)[0];
  if (!head) throw new InstanceParseError(1, 'empty file', file);
  if (head.fields.length === 5) return parseCordeau(text, name, file);
  if (head.fields.length === 3) return parseLiLim(text, name, file);
  throw new InstanceParseError(
    head.no,
    `unknown format: the first line has ${head.fields.length} fields; Cordeau has 5 (K n T Q L), Li & Lim has 3 (K Q S)`,
    file,
  );
}
