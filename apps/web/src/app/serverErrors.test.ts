import '../test/setup.ts';
import { FORBIDDEN_MESSAGE } from '@tc/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { changeLanguage } from './i18n.ts';
import { serverErrorText } from './serverErrors.ts';

describe('server error texts', () => {
  afterEach(async () => changeLanguage('en'));

  it('shows the spec English text in English and translates it in Portuguese', async () => {
    expect(serverErrorText(new ApiError('Email or password is invalid'))).toBe('Email or password is invalid');
    expect(serverErrorText(new ApiError(FORBIDDEN_MESSAGE))).toBe(FORBIDDEN_MESSAGE);
    await changeLanguage('pt');
    expect(serverErrorText(new ApiError('Email or password is invalid'))).toBe('Email ou palavra-passe inválidos');
    expect(serverErrorText(new ApiError('Wrong old password'))).toBe('Palavra-passe antiga errada');
  });

  it('shows an unknown message as it came', () => {
    expect(serverErrorText(new ApiError('Unknown field zzz'))).toBe('Unknown field zzz');
  });
});
