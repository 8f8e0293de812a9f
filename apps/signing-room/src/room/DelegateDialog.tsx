import { DELEGATION_LIMITS, signingRoomRoutes } from "@signet/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/api-error.ts";
import { call } from "../api/client.ts";
import { Dialog } from "../ui/Dialog.tsx";
import { Notice } from "../ui/PageShell.tsx";
import { useRoom } from "./room-context.tsx";

type Field = "givenName" | "familyName" | "email" | "phoneNumber" | "reason";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Issue 34 §3 "Someone else should sign": the delegate's name, email (and mobile number when the
 * package verifies by text message) and the reason the sender reads. After it the room is closed
 * for this participant and says to whom they handed their part.
 */
export function DelegateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { room: current, setRoom, fail } = useRoom();
  const needsPhone = current.verification.method === "SMS_CODE";
  const [values, setValues] = useState<Record<Field, string>>({
    givenName: "",
    familyName: "",
    email: "",
    phoneNumber: "",
    reason: "",
  });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const baseId = useId();
  const idOf = (field: Field) => `${baseId}-${field}`;

  function check(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (!values.givenName.trim()) found.givenName = t("delegate.needName");
    if (!values.familyName.trim()) found.familyName = t("delegate.needName");
    if (!EMAIL.test(values.email.trim())) found.email = t("delegate.needEmail");
    if (needsPhone && !/^\d{10}$/.test(values.phoneNumber.replace(/\D/g, "")))
      found.phoneNumber = t("delegate.needPhone");
    if (!values.reason.trim()) found.reason = t("delegate.needReason");
    return found;
  }

  async function submit() {
    const found = check();
    setProblems(found);
    const first = (Object.keys(found) as Field[])[0];
    if (first) {
      document.getElementById(idOf(first))?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const room = await call(signingRoomRoutes.delegateSigning, {
        body: {
          givenName: values.givenName.trim(),
          familyName: values.familyName.trim(),
          email: values.email.trim(),
          phoneNumber: needsPhone ? values.phoneNumber.replace(/\D/g, "") : null,
          reason: values.reason.trim(),
        },
      });
      setRoom(room);
      onClose();
    } catch (caught) {
      // the server names the field it refuses: the email (someone already in the package) or the phone
      const paths = caught instanceof ApiError ? caught.details.map((detail) => detail.path) : [];
      if (paths.includes("email")) {
        setProblems({ email: t("delegate.emailTaken") });
        document.getElementById(idOf("email"))?.focus();
      } else if (paths.includes("phoneNumber")) {
        setProblems({ phoneNumber: t("delegate.needPhone") });
      } else {
        setError(fail(caught));
      }
      setBusy(false);
    }
  }

  const input = (field: Exclude<Field, "reason">, label: string, type: string, autoComplete: string, hint?: string) => {
    const problemId = `${idOf(field)}-problem`;
    const hintId = `${idOf(field)}-hint`;
    const describedBy = [hint ? hintId : null, problems[field] ? problemId : null].filter(Boolean).join(" ");
    return (
      <div className="field">
        <label htmlFor={idOf(field)}>{label}</label>
        <input
          id={idOf(field)}
          className="input"
          type={type}
          autoComplete={autoComplete}
          inputMode={field === "phoneNumber" ? "tel" : undefined}
          maxLength={field === "email" ? 254 : 100}
          required
          aria-invalid={problems[field] ? true : undefined}
          aria-describedby={describedBy || undefined}
          value={values[field]}
          onChange={(event) => {
            setValues({ ...values, [field]: event.target.value });
            setProblems({ ...problems, [field]: undefined });
          }}
        />
        {hint ? (
          <p id={hintId} className="muted small">
            {hint}
          </p>
        ) : null}
        {problems[field] ? (
          <p id={problemId} className="field__error">
            {problems[field]}
          </p>
        ) : null}
      </div>
    );
  };

  const reasonProblemId = `${idOf("reason")}-problem`;
  return (
    <Dialog
      title={t("delegate.title")}
      onClose={onClose}
      busy={busy}
      testId="delegate-dialog"
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            {t("common.cancel")}
          </button>
          <button type="button" className="button button--primary" onClick={submit} disabled={busy}>
            {busy ? t("delegate.working") : t("delegate.confirm")}
          </button>
        </>
      }
    >
      <p>{t("delegate.body")}</p>
      {input("givenName", t("delegate.givenName"), "text", "off")}
      {input("familyName", t("delegate.familyName"), "text", "off")}
      {input("email", t("delegate.email"), "email", "off")}
      {needsPhone ? input("phoneNumber", t("delegate.phone"), "tel", "off", t("delegate.phoneHint")) : null}
      <div className="field">
        <label htmlFor={idOf("reason")}>{t("delegate.reasonLabel")}</label>
        <textarea
          id={idOf("reason")}
          rows={3}
          maxLength={DELEGATION_LIMITS.reasonLength}
          required
          aria-invalid={problems.reason ? true : undefined}
          aria-describedby={problems.reason ? reasonProblemId : undefined}
          value={values.reason}
          onChange={(event) => {
            setValues({ ...values, reason: event.target.value });
            setProblems({ ...problems, reason: undefined });
          }}
        />
        {problems.reason ? (
          <p id={reasonProblemId} className="field__error">
            {problems.reason}
          </p>
        ) : null}
      </div>
      {error ? <Notice tone="danger">{error}</Notice> : null}
    </Dialog>
  );
}
