import { describe, expect, it } from 'vitest';
import { containsText } from './textMatch.ts';

describe('text searches', () => {
  it('match the typed text literally, in any case', () => {
    const { $regex, $options } = containsText('  a+b (c) [d]*? ^$ | \\ Stehr-Grimes ');
    expect($options).toBe('i');
    const re = new RegExp($regex, 'i');
    expect(re.test('x A+B (C) [D]*? ^$ | \\ stehr-grimes y')).toBe(true);
    expect(re.test('aab c d stehr grimes')).toBe(false);
  });
});
