import { type IdentityDetails, identityProofingRoutes, type ProofingView } from "@signet/contract";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorCode } from "../../api/api-error.ts";
import { call } from "../../api/client.ts";
import { MessageCard, Notice, Spinner } from "../../ui/PageShell.tsx";
import { useRoom } from "../room-context.tsx";

// Stage IDENTITY_PROOFING (issue 16 §2, DOMAIN.md §8): an A/V signer's details, then five timed
// knowledge questions; results, attempts left and the lockout in the signer's own time zone.

type Quiz = NonNullable<ProofingView["quiz"]>;

/** The lockout moment in the signer's language and time zone, with the zone named. */
function localTime(iso: string, language: string) {
  // dateStyle cannot be combined with timeZoneName: the parts are named one by one
  return new Intl.DateTimeFormat(language, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));
}

export function IdentityProofingStep({ onPassed }: { onPassed: () => void }) {
  const { t, i18n } = useTranslation();
  const { fail } = useRoom();
  const [view, setView] = useState<ProofingView | null>(null);
  const [result, setResult] = useState<ProofingView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setView(await call(identityProofingRoutes.getIdentityProofing));
    } catch (error) {
      setLoadError(fail(error));
    }
  }, [fail]);
  useEffect(() => {
    void load();
  }, [load]);

  const answered = (next: ProofingView) => {
    setResult(next);
    setView(next);
  };

  if (loadError) {
    return (
      <div className="stage stage--narrow">
        <Notice tone="danger">{loadError}</Notice>
        <button type="button" className="button button--secondary" onClick={() => void load()}>
          {t("common.retry")}
        </button>
      </div>
    );
  }
  if (!view) return <Spinner label={t("common.loading")} />;

  if (view.state === "passed" || !view.required) {
    return (
      <div className="stage stage--narrow">
        <MessageCard tone="success" icon="check" title={t("proofing.passed")} testId="proofing-passed">
          {result?.lastCorrectCount != null ? (
            <p>{t("proofing.result", { correct: result.lastCorrectCount, count: view.questionCount })}</p>
          ) : null}
          <button type="button" className="button button--primary" onClick={onPassed}>
            {t("proofing.continue")}
          </button>
        </MessageCard>
      </div>
    );
  }
  if (view.state === "locked" && view.lockedUntil) {
    return (
      <div className="stage stage--narrow">
        <MessageCard tone="danger" icon="lock" title={t("proofing.lockedTitle")} testId="proofing-locked">
          {result?.lastOutcome === "FAILED" && result.lastCorrectCount != null ? (
            <p>{t("proofing.result", { correct: result.lastCorrectCount, count: view.questionCount })}</p>
          ) : null}
          {result?.lastOutcome === "EXPIRED" ? <p>{t("proofing.expired")}</p> : null}
          <p>{t("proofing.lockedBody", { time: localTime(view.lockedUntil, i18n.language) })}</p>
          <button type="button" className="button button--secondary" onClick={() => void load()}>
            {t("proofing.checkAgain")}
          </button>
        </MessageCard>
      </div>
    );
  }
  if (view.state === "in-progress" && view.quiz) {
    return <QuizForm quiz={view.quiz} view={view} onAnswered={answered} onReload={load} />;
  }
  return <DetailsForm view={view} lastResult={result} onStarted={setView} onReload={load} />;
}

function DetailsForm({
  view,
  lastResult,
  onStarted,
  onReload,
}: {
  view: ProofingView;
  lastResult: ProofingView | null;
  onStarted: (next: ProofingView) => void;
  onReload: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { room, fail } = useRoom();
  const [details, setDetails] = useState<IdentityDetails>({
    givenName: "",
    familyName: "",
    dateOfBirth: "",
    ssnLast4: "",
    postalCode: "",
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const baseId = useId();
  const errorId = `${baseId}-error`;
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (lastResult) titleRef.current?.focus();
  }, [lastResult]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (Object.values(details).some((value) => !value.trim())) {
      setError(t("proofing.fillAll"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onStarted(await call(identityProofingRoutes.startIdentityProofing, { body: details }));
    } catch (caught) {
      const code = errorCode(caught);
      if (code === "SERVICE_UNAVAILABLE") setError(t("proofing.unavailable"));
      else if (code === "VERIFICATION_FAILED") setError(t("proofing.noMatch"));
      else if (code === "VERIFICATION_LOCKED" || code === "CONFLICT") await onReload();
      else setError(fail(caught));
    } finally {
      setBusy(false);
    }
  }

  const field = (
    key: keyof IdentityDetails,
    input: { type?: string; inputMode?: "numeric"; maxLength?: number; autoComplete: string; hint?: string },
  ) => {
    const id = `${baseId}-${key}`;
    const described = [input.hint ? `${id}-hint` : null, error ? errorId : null].filter(Boolean).join(" ");
    return (
      <div className="field">
        <label htmlFor={id}>{t(`proofing.${key}`)}</label>
        <input
          id={id}
          name={key}
          className="input"
          type={input.type ?? "text"}
          inputMode={input.inputMode}
          maxLength={input.maxLength}
          autoComplete={input.autoComplete}
          aria-describedby={described || undefined}
          aria-invalid={error ? true : undefined}
          value={details[key]}
          onChange={(event) => {
            const value = input.inputMode === "numeric" ? event.target.value.replace(/\D/g, "") : event.target.value;
            setDetails((previous) => ({ ...previous, [key]: value }));
          }}
        />
        {input.hint ? (
          <p id={`${id}-hint`} className="field__hint">
            {input.hint}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <div className="stage stage--narrow">
      <section className="card" aria-labelledby={`${baseId}-title`} data-testid="proofing-details">
        <h1 id={`${baseId}-title`} className="card__title" tabIndex={-1} ref={titleRef}>
          {t("proofing.title")}
        </h1>
        {lastResult?.lastOutcome === "FAILED" && lastResult.lastCorrectCount != null ? (
          <Notice tone="warning">
            {t("proofing.result", { correct: lastResult.lastCorrectCount, count: view.questionCount })}{" "}
            {t("proofing.oneMore")}
          </Notice>
        ) : null}
        {lastResult?.lastOutcome === "EXPIRED" ? <Notice tone="warning">{t("proofing.expired")}</Notice> : null}
        <p>{t("proofing.intro", { organization: room.branding.organizationName })}</p>
        <p>
          {t("proofing.rules", {
            count: view.questionCount,
            passMark: view.passMark,
            minutes: Math.round(view.timeLimitSeconds / 60),
          })}{" "}
          <strong>{t("proofing.attemptsLeft", { count: view.attemptsLeft })}</strong>
        </p>
        <form onSubmit={submit} noValidate className="stack">
          {field("givenName", { autoComplete: "given-name" })}
          {field("familyName", { autoComplete: "family-name" })}
          {field("dateOfBirth", { type: "date", autoComplete: "bday" })}
          {field("ssnLast4", { inputMode: "numeric", maxLength: 4, autoComplete: "off", hint: t("proofing.ssnHint") })}
          {field("postalCode", {
            inputMode: "numeric",
            maxLength: 5,
            autoComplete: "postal-code",
            hint: t("proofing.postalHint"),
          })}
          <p className="field__hint">{t("proofing.privacy")}</p>
          {error ? (
            <p id={errorId} className="field__error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? t("proofing.starting") : t("proofing.start")}
          </button>
        </form>
      </section>
    </div>
  );
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

function QuizForm({
  quiz,
  view,
  onAnswered,
  onReload,
}: {
  quiz: Quiz;
  view: ProofingView;
  onAnswered: (next: ProofingView) => void;
  onReload: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { fail } = useRoom();
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // the deadline as this browser's clock sees it, from the seconds the server counted
  const deadline = useRef(Date.now() + quiz.secondsLeft * 1000);
  const [secondsLeft, setSecondsLeft] = useState(quiz.secondsLeft);
  const sent = useRef(false);
  const choicesRef = useRef(choices);
  choicesRef.current = choices;
  const baseId = useId();

  const send = useCallback(async () => {
    if (sent.current) return;
    sent.current = true;
    setBusy(true);
    setError(null);
    try {
      const answers = Object.entries(choicesRef.current).map(([questionId, choiceId]) => ({ questionId, choiceId }));
      onAnswered(
        await call(identityProofingRoutes.answerIdentityProofing, { body: { attemptId: quiz.attemptId, answers } }),
      );
    } catch (caught) {
      sent.current = false;
      const code = errorCode(caught);
      if (code === "SERVICE_UNAVAILABLE") {
        setError(t("proofing.unavailable"));
        await onReload();
      } else if (code === "CONFLICT" || code === "NOT_FOUND") await onReload();
      else setError(fail(caught));
    } finally {
      setBusy(false);
    }
  }, [fail, onAnswered, onReload, quiz.attemptId, t]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left <= 30 && left > 0) setAnnouncement((said) => said || t("proofing.announce30"));
      if (left === 0) {
        window.clearInterval(timer);
        setAnnouncement(t("proofing.timeUp"));
        void send();
      }
    }, 500);
    return () => window.clearInterval(timer);
  }, [send, t]);

  const unanswered = quiz.questions.filter((question) => !choices[question.id]).length;
  const low = secondsLeft <= 30;
  return (
    <div className="stage stage--narrow">
      <section className="card" aria-labelledby={`${baseId}-title`} data-testid="proofing-quiz">
        <h1 id={`${baseId}-title`} className="card__title" tabIndex={-1}>
          {t("proofing.quizTitle")}
        </h1>
        <p
          role="timer"
          aria-live="off"
          className={`notice ${low ? "notice--danger" : "notice--info"}`}
          data-testid="proofing-timer"
        >
          <strong>{t("proofing.timeLeft", { time: clock(secondsLeft) })}</strong>
          {low ? ` — ${t("proofing.timeLow")}` : null}
        </p>
        {/* announced once at 30 seconds and when time is up, not every tick */}
        <p className="visually-hidden" aria-live="assertive">
          {announcement}
        </p>
        <p>{t("proofing.quizIntro")}</p>
        <form
          className="stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          {quiz.questions.map((question, index) => (
            <fieldset key={question.id} className="field proofing-question">
              <legend>
                <span className="field__hint">
                  {t("proofing.question", { number: index + 1, count: view.questionCount })}
                </span>{" "}
                <strong>{question.prompt}</strong>
              </legend>
              {question.choices.map((choice) => {
                const id = `${baseId}-${question.id}-${choice.id}`;
                return (
                  <div key={choice.id} className="choice">
                    <input
                      id={id}
                      type="radio"
                      name={`${baseId}-${question.id}`}
                      value={choice.id}
                      checked={choices[question.id] === choice.id}
                      onChange={() => setChoices((previous) => ({ ...previous, [question.id]: choice.id }))}
                    />{" "}
                    <label htmlFor={id}>{choice.text}</label>
                  </div>
                );
              })}
            </fieldset>
          ))}
          {unanswered > 0 ? <p className="field__hint">{t("proofing.unanswered", { count: unanswered })}</p> : null}
          {error ? (
            <p className="field__error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? t("proofing.submitting") : t("proofing.submit")}
          </button>
        </form>
      </section>
    </div>
  );
}
