import { LANGUAGE_INFO, type ParticipantLanguage } from "@signet/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/**
 * The language picker: each language named in its own words (a borrower looks for "한국어", not
 * "Korean"), with its lang so screen readers pronounce it right.
 */
export function LanguageSelect(props: {
  value: ParticipantLanguage;
  languages: readonly ParticipantLanguage[];
  onChange: (language: ParticipantLanguage) => void;
  onBrand?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {t("header.language")}
      </label>
      <select
        id={id}
        data-testid="language-select"
        className={props.onBrand ? "language-select language-select--on-brand" : "language-select"}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as ParticipantLanguage)}
      >
        {props.languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_INFO[language].ownName}
          </option>
        ))}
      </select>
    </>
  );
}
