import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./en.ts";
import { errorTextKey } from "./error-text.ts";
import { es } from "./es.ts";

export type Language = "en" | "es";

/** Before the room says which language the participant chose, follow the browser. */
export function browserLanguage(): Language {
  return navigator.language?.toLowerCase().startsWith("es") ? "es" : "en";
}

export function setupI18n(language: Language) {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, es: { translation: es } },
    lng: language,
    fallbackLng: "en",
    supportedLngs: ["en", "es"],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  document.documentElement.lang = language;
  return i18next;
}

export async function changeLanguage(language: Language) {
  if (i18next.language !== language) await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The translated text for an API error code. */
export function errorText(code: string): string {
  return i18next.t(errorTextKey(code, en.errors));
}
