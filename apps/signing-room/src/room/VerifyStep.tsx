import { KBA_QUESTIONS, type KbaQuestion, signingRoomRoutes } from "@signet/contract";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorCode } from "../api/api-error.ts";
import { call } from "../api/client.ts";
import { formatDateTime } from "../format.ts";
import { MessageCard, Notice } from "../ui/PageShell.tsx";
import { CodeForm } from "./CodeForm.tsx";
import { useRoom } from "./room-context.tsx";

/** Stage VERIFY: a texted one-time code or knowledge questions, a few attempts, then a lock. */
export function VerifyStep() {
  const { t, i18n } = useTranslation();
  const { room, refresh } = useRoom();
  const { verification } = room;
  const lockedUntil = verification.lockedUntil ? new Date(verification.lockedUntil) : null;

  if (lockedUntil && lockedUntil.getTime() > Date.now()) {
    return (
      <div className="stage stage--narrow">
        <MessageCard tone="danger" icon="lock" title={t("verify.lockedTitle")} testId="verification-locked">
          <p>{t("verify.lockedBody", { time: formatDateTime(verification.lockedUntil, i18n.language) })}</p>
          <button type="button" className="button button--secondary" onClick={() => void refresh()}>
            {t("verify.checkAgain")}
          </button>
        </MessageCard>
      </div>
    );
  }
  return (
    <div className="stage stage--narrow">
      <section className="card" aria-labelledby="verify-title">
        <h1 id="verify-title" className="card__title" tabIndex={-1}>
          {t("verify.title")}
        </h1>
        {verification.method === "KBA" ? (
          <KbaForm />
        ) : verification.method === "SMS_CODE" || verification.method === "EMAIL_CODE" ? (
          <SmsForm />
        ) : (
          <button type="button" className="button button--secondary" onClick={() => void refresh()}>
            {t("verify.checkAgain")}
          </button>
        )}
      </section>
    </div>
  );
}

/** After a wrong answer: load the room for the attempts left (or the lock). */
function useVerificationFailure() {
  const { t } = useTranslation();
  const { refresh, fail } = useRoom();
  return async (error: unknown): Promise<string> => {
    const code = errorCode(error);
    if (code === "VERIFICATION_FAILED" || code === "VERIFICATION_LOCKED") {
      fail(error);
      const next = await refresh();
      if (next && code === "VERIFICATION_FAILED") {
        return t("verify.attemptsLeft", { count: next.verification.attemptsLeft });
      }
    }
    return fail(error);
  };
}

function SmsForm() {
  const { t } = useTranslation();
  const { room, setRoom, fail } = useRoom();
  const { verification } = room;
  const byEmail = verification.method === "EMAIL_CODE";
  const [code, setCode] = useState("");
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onFailure = useVerificationFailure();

  async function send() {
    setSending(true);
    setError(null);
    try {
      setRoom(await call(signingRoomRoutes.sendVerificationCode));
    } catch (caught) {
      setError(fail(caught));
    } finally {
      setSending(false);
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t(byEmail ? "verify.emailCodeFormat" : "verify.codeFormat"));
      return;
    }
    setChecking(true);
    setError(null);
    try {
      setRoom(await call(signingRoomRoutes.verifyParticipant, { body: { code: code.trim() } }));
    } catch (caught) {
      setError(await onFailure(caught));
      setCode("");
    } finally {
      setChecking(false);
    }
  }

  const phone = verification.phoneHint;
  // issue 34 §3: a delegate's code comes by email (EMAIL_CODE); the form is the same
  const email = verification.emailHint ?? "";
  return (
    <>
      <p>
        {byEmail
          ? t("verify.emailIntro", { email })
          : phone
            ? t("verify.smsIntro", { phone })
            : t("verify.smsIntroNoPhone")}
      </p>
      {verification.codeSent ? (
        <Notice tone="success">
          {byEmail
            ? t("verify.emailCodeSent", { email })
            : phone
              ? t("verify.codeSent", { phone })
              : t("verify.codeSentNoPhone")}
        </Notice>
      ) : null}
      <p>
        <button
          type="button"
          className={verification.codeSent ? "button button--secondary" : "button button--primary"}
          onClick={send}
          disabled={sending}
        >
          {byEmail
            ? t(verification.codeSent ? "verify.resendEmailCode" : "verify.sendEmailCode")
            : t(verification.codeSent ? "verify.resendCode" : "verify.sendCode")}
        </button>
      </p>
      {verification.codeSent ? (
        <CodeForm
          code={code}
          onCodeChange={setCode}
          error={error}
          busy={checking}
          submitLabel={checking ? t("verify.verifying") : t("verify.submit")}
          onSubmit={verify}
        />
      ) : error ? (
        <Notice tone="danger">{error}</Notice>
      ) : null}
    </>
  );
}

const KBA_INPUT: Record<
  KbaQuestion,
  { type: string; inputMode?: "numeric"; maxLength?: number; autoComplete: string }
> = {
  dateOfBirth: { type: "date", autoComplete: "bday" },
  postalCode: { type: "text", inputMode: "numeric", maxLength: 5, autoComplete: "postal-code" },
  ssnLast4: { type: "text", inputMode: "numeric", maxLength: 4, autoComplete: "off" },
};

function KbaForm() {
  const { t } = useTranslation();
  const { room, setRoom } = useRoom();
  const questions = room.verification.questions;
  const [answers, setAnswers] = useState<Partial<Record<KbaQuestion, string>>>({});
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onFailure = useVerificationFailure();
  const baseId = useId();
  const errorId = `${baseId}-error`;

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (questions.some((question) => !answers[question]?.trim())) {
      setError(t("verify.answerAll"));
      return;
    }
    setChecking(true);
    setError(null);
    try {
      // the contract's answers record names every question (z.record over an enum is exhaustive): the
      // ones not asked go as empty strings
      const body = Object.fromEntries(
        KBA_QUESTIONS.map((question) => [
          question,
          questions.includes(question) ? (answers[question]?.trim() ?? "") : "",
        ]),
      ) as Record<KbaQuestion, string>;
      setRoom(await call(signingRoomRoutes.verifyParticipant, { body: { answers: body } }));
    } catch (caught) {
      setError(await onFailure(caught));
    } finally {
      setChecking(false);
    }
  }

  return (
    <form onSubmit={verify} noValidate className="stack">
      <p>{t("verify.kbaIntro")}</p>
      {questions.map((question) => {
        const spec = KBA_INPUT[question];
        const id = `${baseId}-${question}`;
        return (
          <div className="field" key={question}>
            <label htmlFor={id}>{t(`verify.questions.${question}`)}</label>
            <input
              id={id}
              className="input"
              type={spec.type}
              inputMode={spec.inputMode}
              maxLength={spec.maxLength}
              autoComplete={spec.autoComplete}
              aria-describedby={`${id}-hint${error ? ` ${errorId}` : ""}`}
              aria-invalid={error ? true : undefined}
              value={answers[question] ?? ""}
              onChange={(event) => {
                const value = spec.inputMode === "numeric" ? event.target.value.replace(/\D/g, "") : event.target.value;
                setAnswers((previous) => ({ ...previous, [question]: value }));
              }}
            />
            <p id={`${id}-hint`} className="field__hint">
              {t(`verify.hints.${question}`)}
            </p>
          </div>
        );
      })}
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={checking}>
        {checking ? t("verify.verifying") : t("verify.submit")}
      </button>
    </form>
  );
}
