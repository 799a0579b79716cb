import '../test/setup.ts';
import { ERROR_TEXTS, FORBIDDEN_MESSAGE, JOB_REFUSAL_TEXTS, jobStatusRefusal } from '@tc/domain';
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

  it('names a refused status change’s statuses in the current language', async () => {
    const refused = new ApiError(jobStatusRefusal('routed', 'new'), 409, undefined, 'jobStatusChange', {
      from: 'routed',
      to: 'new',
    });
    expect(serverErrorText(refused)).toBe('A reservation that is Routed cannot become New.');
    await changeLanguage('pt');
    expect(serverErrorText(refused)).toBe('Uma reserva com o estado Roteada não pode passar a Nova.');
  });

  it('speaks the server’s English for a refused change of a reservation', () => {
    const en = flatten(resources.en as never) as Record<string, string>;
    for (const [code, text] of Object.entries(JOB_REFUSAL_TEXTS)) expect(en[`serverErrors.${code}`]).toBe(text);
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
