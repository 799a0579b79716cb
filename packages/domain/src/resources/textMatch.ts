/**
 * Regex characters of typed text, each behind a backslash, so that PostgreSQL (which runs the
 * `$regex` of a find) matches them literally. Not escape-string-regexp: it writes `-` as `\x2d`, and
 * PostgreSQL reads `\x` with every hex digit after it (`\x2dE` is one character, U+02DE).
 */
function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A find condition: the field contains the typed text, any case, its regex characters matched literally. */
export function containsText(text: string): { $regex: string; $options: 'i' } {
  return { $regex: escapeRegex(text.trim()), $options: 'i' };
}
