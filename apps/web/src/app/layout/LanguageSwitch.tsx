import { SegmentedControl } from '@mantine/core';
import { LANGUAGES, type Language } from '@tc/i18n';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n.ts';

/** English / Portuguese; the choice is kept in local storage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language.label')}
      value={i18n.language}
      onChange={(value) => void changeLanguage(value as Language)}
      data={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
    />
  );
}
