import '../test/setup.ts';
import { ERROR_TEXTS, FORBIDDEN_MESSAGE } from '@tc/domain';
import { flatten, resources } from '@tc/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { changeLanguage } from './i18n.ts';
import { serverErrorText, TRANSLATED_CODES } from './serverErrors.ts';

const refusal = (code: string, message = 'English text of the server', field?: string) =>
  new ApiError(message, 400, field, code);

describe('server error texts', () => {
  afterEach(async () => changeLanguage('en'));

  it('translates the code, not the English sentence', async () => {
    expect(serverErrorText(refusal('loginInvalid', 'Email or password is invalid'))).toBe(
      'Email or password is invalid',
    );
    expect(serverErrorText(refusal('forbidden', FORBIDDEN_MESSAGE))).toBe(FORBIDDEN_MESSAGE);
    await changeLanguage('pt');
    // whatever English the server wrote, the code decides
    expect(serverErrorText(refusal('loginInvalid', 'Login failed (reworded)'))).toBe(
      'Email ou palavra-passe inválidos',
    );
    expect(serverErrorText(refusal('wrongOldPassword'))).toBe('Palavra-passe antiga errada');
    expect(serverErrorText(refusal('validation.passwordMinReset'))).toBe(
      'A palavra-passe precisa de pelo menos 8 caracteres',
    );
  });

  it('shows a malformed call’s own text, and a message without a code as it came', () => {
    expect(serverErrorText(refusal('badRequest', 'sort takes at most 5 fields'))).toBe('sort takes at most 5 fields');
    expect(serverErrorText(new ApiError('Unknown field zzz'))).toBe('Unknown field zzz');
  });

  it('has a text in English and Portuguese for every code of the catalogue', () => {
    const keys = [...TRANSLATED_CODES].map((code) => `serverErrors.${code}`);
    expect(keys).toContain(`serverErrors.${Object.keys(ERROR_TEXTS)[0]}`);
    for (const lang of [resources.en, resources.pt]) {
      const flat = flatten(lang as never);
      expect(keys.filter((k) => !(k in flat))).toEqual([]);
    }
  });
});
