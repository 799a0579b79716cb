import { LANGUAGES, type Language, resources } from '@tc/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGE_KEY = 'language';

export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'en';
}

export const i18n = i18next.createInstance();

// the page's language is the console's, whoever changes it (a choice, the user's own language)
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18n.use(initReactI18next).init({
  resources: { en: { translation: resources.en }, pt: { translation: resources.pt } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Switches the language and keeps the choice for the next visit. */
export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, language);
  await i18n.changeLanguage(language);
}

/** The user's own language applies until someone picks one on this computer. */
export function adoptUserLanguage(language: string | undefined): void {
  if (localStorage.getItem(LANGUAGE_KEY)) return;
  if ((LANGUAGES as readonly string[]).includes(language ?? '') && language !== i18n.language) {
    void i18n.changeLanguage(language);
  }
}
