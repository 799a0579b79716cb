import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Money as the language writes it, with two decimals (prices, fares, charges); one formatter per language. */
export function useMoney(): Intl.NumberFormat {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    [language],
  );
}
