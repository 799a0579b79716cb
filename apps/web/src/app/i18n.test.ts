import { afterEach, describe, expect, it } from 'vitest';
import { adoptUserLanguage, changeLanguage, i18n, LANGUAGE_KEY } from './i18n.ts';

describe('the page’s language', () => {
  afterEach(async () => {
    localStorage.removeItem(LANGUAGE_KEY);
    await i18n.changeLanguage('en');
  });

  it('follows the console’s language, chosen or the user’s own', async () => {
    expect(document.documentElement.lang).toBe(i18n.language);
    adoptUserLanguage('pt');
    expect(document.documentElement.lang).toBe('pt');
    await changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
