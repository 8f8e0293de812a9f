import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./en.ts";
import { errorTextKey } from "./error-text.ts";

export type Language = "en" | "es";

/** Before the room says which language the participant chose, follow the browser. */
export function browserLanguage(): Language {
  return navigator.language?.toLowerCase().startsWith("es") ? "es" : "en";
}

/**
 * English is bundled; Spanish loads when a participant's room or browser asks for it (most rooms are
 * in English, and the room's download is counted). Resolves once `language` can be shown.
 */
export async function setupI18n(language: Language) {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: "en",
    fallbackLng: "en",
    supportedLngs: ["en", "es"],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  await changeLanguage(language);
  return i18next;
}

async function loadTranslations(language: Language) {
  if (language === "es" && !i18next.hasResourceBundle("es", "translation")) {
    const { es } = await import("./es.ts");
    i18next.addResourceBundle("es", "translation", es);
  }
}

export async function changeLanguage(language: Language) {
  await loadTranslations(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The translated text for an API error code. */
export function errorText(code: string): string {
  return i18next.t(errorTextKey(code, en.errors));
}
