import { VALIDATION_TEXTS } from '@tc/domain';
import { resources } from '@tc/i18n';
import { describe, expect, it } from 'vitest';

describe('validation messages', () => {
  it('the server answers the same English text the web shows for each schema message', () => {
    const en = resources.en.validation as Record<string, string>;
    for (const [key, text] of Object.entries(VALIDATION_TEXTS)) expect(en[key], key).toBe(text);
  });
});
