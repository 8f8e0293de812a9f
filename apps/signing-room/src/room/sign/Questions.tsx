import type { SigningRoom } from "@signet/contract";
import { useTranslation } from "react-i18next";
import { guideElementId, useFields } from "./fields-context.tsx";

type Field = SigningRoom["dataCollection"][number]["fields"][number];

/** Data collection: the sender's questions, by group; each answer is saved as entered. */
export function Questions(props: {
  groups: SigningRoom["dataCollection"];
  answers: Readonly<Record<string, string | null | undefined>>;
  errors: Readonly<Record<string, string>>;
  onChange: (field: Field, value: string | null, immediate: boolean) => void;
  onBlur: (field: Field) => void;
}) {
  const { t } = useTranslation();
  const fields = useFields();
  return (
    <section id="questions" className="card questions" aria-labelledby="questions-title">
      <h2 id="questions-title" className="card__title">
        {t("sign.questions")}
      </h2>
      <p className="muted">{t("sign.questionsIntro")}</p>
      {props.groups.map((group) => (
        <fieldset key={group.id} className="question-group">
          <legend className="question-group__name">{group.name}</legend>
          {group.description ? <p className="muted small">{group.description}</p> : null}
          {group.fields.map((field) => {
            const id = guideElementId("question", field.id);
            const value = field.id in props.answers ? (props.answers[field.id] ?? null) : field.value;
            const error = props.errors[field.id];
            const missing = fields.missing.has(`question:${field.id}`);
            const described = error ? `${id}-error` : undefined;
            const common = {
              id,
              "aria-required": field.required || undefined,
              "aria-invalid": error ? true : undefined,
              "aria-describedby": described,
              onFocus: () => fields.onFocus(`question:${field.id}`),
            } as const;
            const label = (
              <>
                {field.label}
                {field.required ? (
                  <span className="required-mark" aria-hidden="true">
                    {" *"}
                  </span>
                ) : null}
              </>
            );
            if (field.type === "CHECKBOX") {
              return (
                <div key={field.id} className={missing ? "check question check--missing" : "check question"}>
                  <input
                    {...common}
                    type="checkbox"
                    checked={value === "true"}
                    onChange={(event) => props.onChange(field, event.target.checked ? "true" : null, true)}
                  />
                  <label htmlFor={id}>{label}</label>
                  {error ? (
                    <p id={`${id}-error`} className="field__error" role="alert">
                      {t("sign.notSaved", { message: error })}
                    </p>
                  ) : null}
                </div>
              );
            }
            return (
              <div key={field.id} className={missing ? "field question field--missing" : "field question"}>
                <label htmlFor={id}>{label}</label>
                {field.type === "SELECT" ? (
                  <select
                    {...common}
                    className="input"
                    value={value ?? ""}
                    onChange={(event) => props.onChange(field, event.target.value || null, true)}
                  >
                    <option value="">{t("sign.choose")}</option>
                    {field.options.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    {...common}
                    className="input"
                    type={field.type === "DATE" ? "date" : field.type === "NUMBER" ? "number" : "text"}
                    inputMode={field.type === "NUMBER" ? "decimal" : undefined}
                    maxLength={field.type === "TEXT" ? 4000 : undefined}
                    value={value ?? ""}
                    onChange={(event) =>
                      props.onChange(
                        field,
                        event.target.value === "" ? null : event.target.value,
                        field.type === "DATE",
                      )
                    }
                    onBlur={() => props.onBlur(field)}
                  />
                )}
                {error ? (
                  <p id={`${id}-error`} className="field__error" role="alert">
                    {t("sign.notSaved", { message: error })}
                  </p>
                ) : null}
              </div>
            );
          })}
        </fieldset>
      ))}
    </section>
  );
}
