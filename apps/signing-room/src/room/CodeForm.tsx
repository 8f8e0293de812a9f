import { type FormEvent, useId } from "react";
import { useTranslation } from "react-i18next";

/**
 * The six-digit one-time code field with its error and submit button: the same form whether the
 * participant verifies from their own link or confirms who they are on a host's device.
 */
export function CodeForm(props: {
  code: string;
  onCodeChange: (code: string) => void;
  error: string | null;
  busy: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
}) {
  const { t } = useTranslation();
  const codeId = useId();
  const errorId = useId();
  const { code, error } = props;
  return (
    <form onSubmit={props.onSubmit} noValidate className="stack">
      <div className="field">
        <label htmlFor={codeId}>{t("verify.codeLabel")}</label>
        <input
          id={codeId}
          className="input input--code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => props.onCodeChange(event.target.value.replace(/\D/g, ""))}
        />
      </div>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={props.busy}>
        {props.submitLabel}
      </button>
    </form>
  );
}
