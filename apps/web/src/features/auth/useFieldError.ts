import { VALIDATION_PARAMS } from '@tc/domain';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** Translates a form field's message key. */
export function useFieldError(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation();
  return (error) => (error?.message ? t(error.message, VALIDATION_PARAMS) : undefined);
}
