import { type EmbeddedEvent, type ParticipantLanguage, type SigningRoom, signingRoomRoutes } from "@signet/contract";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, errorCode } from "../api/api-error.ts";
import { call } from "../api/client.ts";
import { postEmbeddedEvent } from "../embedded/post-event.ts";
import { changeLanguage, errorText } from "../i18n/index.ts";
import { MessagePage, Spinner } from "../ui/PageShell.tsx";
import { AvSession } from "./av/AvSession.tsx";
import { ClosedStep } from "./ClosedStep.tsx";
import { ConsentStep } from "./ConsentStep.tsx";
import { FinishedStep } from "./FinishedStep.tsx";
import { InPersonBanner, InPersonHandBack, InPersonStep } from "./InPersonStep.tsx";
import { RoomHeader } from "./RoomHeader.tsx";
import { type RoomApi, RoomContext } from "./room-context.tsx";
import { WaitingStep } from "./WaitingStep.tsx";

// the documents, pdf.js and the signature pad load only when the participant reaches them; the
// stages and dialogs only some participants see load when shown
const SignStep = lazy(() => import("./sign/SignStep.tsx"));
const VerifyStep = lazy(() => import("./VerifyStep.tsx").then((module) => ({ default: module.VerifyStep })));
const IdentityProofingStep = lazy(() =>
  import("./proofing/IdentityProofingStep.tsx").then((module) => ({ default: module.IdentityProofingStep })),
);
const WithdrawDialog = lazy(() => import("./LeaveDialogs.tsx").then((module) => ({ default: module.WithdrawDialog })));
const DelegateDialog = lazy(() =>
  import("./DelegateDialog.tsx").then((module) => ({ default: module.DelegateDialog })),
);
const DeclineDialog = lazy(() => import("./LeaveDialogs.tsx").then((module) => ({ default: module.DeclineDialog })));

/**
 * Issue 13 §2 session exit settings: where the organization wants the participant sent after
 * finishing, declining or timing out (https only, checked when saved); null keeps Signet's page.
 * An embedded room leaves navigation to its parent window.
 */
function exitUrlOf(room: SigningRoom | null, kind: "finish" | "decline" | "timeout"): string | null {
  if (!room || room.parentOrigin || window.self !== window.top) return null;
  const url = {
    finish: room.sessionRules.finishUrl,
    decline: room.sessionRules.declineUrl,
    timeout: room.sessionRules.timeoutUrl,
  }[kind];
  return url?.startsWith("https://") ? url : null;
}

const REDIRECT_AFTER_MS = 3_000;

/** Codes after which the room on screen is out of date: load it again (it shows why). */
const RELOAD_CODES = new Set(["SIGNING_CLOSED", "NOT_YOUR_TURN", "CONSENT_REQUIRED", "CONFLICT"]);

type Status =
  | { kind: "loading" }
  | { kind: "ready" }
  | { kind: "ended" }
  | { kind: "left" }
  | { kind: "failed"; code: string; traceId: string | null };

/** /room — the participant's signing room: one screen per stage. */
export function RoomPage({ initialRoom }: { initialRoom: SigningRoom | null }) {
  const { t } = useTranslation();
  const [room, setRoomState] = useState<SigningRoom | null>(initialRoom);
  const [status, setStatus] = useState<Status>(initialRoom ? { kind: "ready" } : { kind: "loading" });
  const [dialog, setDialog] = useState<"withdraw" | "decline" | "delegate" | null>(null);
  const roomRef = useRef(room);
  roomRef.current = room;

  const emit = useCallback((event: EmbeddedEvent, detail?: string) => {
    postEmbeddedEvent(roomRef.current, event, detail);
  }, []);

  const load = useCallback(async (): Promise<SigningRoom | null> => {
    try {
      const next = await call(signingRoomRoutes.getSigningRoom);
      setRoomState(next);
      setStatus({ kind: "ready" });
      return next;
    } catch (error) {
      const code = errorCode(error);
      if (roomRef.current) emit("error", code);
      if (code === "SIGNING_SESSION_ENDED" || (error instanceof ApiError && error.status === 401)) {
        setStatus({ kind: "ended" });
      } else if (!roomRef.current) {
        setStatus({ kind: "failed", code, traceId: error instanceof ApiError ? error.traceId : null });
      }
      return null;
    }
  }, [emit]);

  useEffect(() => {
    if (!initialRoom) void load();
  }, [initialRoom, load]);

  const fail = useCallback(
    (error: unknown): string => {
      const code = errorCode(error);
      emit("error", code);
      if (code === "SIGNING_SESSION_ENDED" || (error instanceof ApiError && error.status === 401)) {
        setStatus({ kind: "ended" });
      } else if (RELOAD_CODES.has(code)) {
        void load();
      }
      return errorText(code);
    },
    [emit, load],
  );

  const setRoom = useCallback((next: SigningRoom | ((previous: SigningRoom) => SigningRoom)) => {
    setRoomState((previous) => (typeof next === "function" ? (previous ? next(previous) : previous) : next));
  }, []);

  // the participant's language
  const language = room?.language;
  useEffect(() => {
    if (language) void changeLanguage(language);
  }, [language]);

  // embedded: tell the parent once the room shows
  const loaded = useRef(false);
  useEffect(() => {
    if (room && !loaded.current) {
      loaded.current = true;
      postEmbeddedEvent(room, "loaded");
    }
  }, [room]);

  const packageName = room?.package.name;
  useEffect(() => {
    document.title = packageName ? `${packageName} · Signet` : "Signet";
  }, [packageName]);

  // a new stage: move focus to its heading, so that keyboard and screen-reader users start there
  const stage = room?.stage;
  const firstStage = useRef(true);
  useEffect(() => {
    if (!stage) return;
    if (firstStage.current) {
      firstStage.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    document.querySelector<HTMLElement>("#main h1")?.focus();
  }, [stage]);

  // session exit: finishing or declining in this session, or the session timing out, sends the
  // participant where the organization asked (after a moment on Signet's own page)
  const previousStage = useRef(room?.stage);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  useEffect(() => {
    const before = previousStage.current;
    previousStage.current = room?.stage;
    if (!room || !before || before === room.stage) return;
    if (room.stage === "FINISHED") setRedirectTo(exitUrlOf(room, "finish"));
    if (room.stage === "CLOSED" && room.closedReason === "DECLINED") setRedirectTo(exitUrlOf(room, "decline"));
  }, [room]);
  useEffect(() => {
    if (status.kind === "ended") setRedirectTo(exitUrlOf(roomRef.current, "timeout"));
  }, [status.kind]);
  useEffect(() => {
    if (!redirectTo) return;
    const timer = setTimeout(() => window.location.assign(redirectTo), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [redirectTo]);
  const redirectNotice = redirectTo ? (
    <p className="notice notice--info" role="status" data-testid="exit-redirect">
      {t("session.redirecting", { organization: room?.branding.organizationName ?? "" })}
    </p>
  ) : null;

  const api = useMemo<RoomApi | null>(
    () => (room ? { room, setRoom, refresh: load, fail, emit } : null),
    [room, setRoom, load, fail, emit],
  );

  const reviewOnly = room?.participant.reviewOnly ?? false;
  if (status.kind === "ended") {
    return (
      <MessagePage tone="warning" icon="lock" title={t("session.endedTitle")} testId="session-ended">
        <p>{t(reviewOnly ? "review.sessionEndedBody" : "session.endedBody")}</p>
        {redirectNotice}
      </MessagePage>
    );
  }
  if (status.kind === "left") {
    return (
      <MessagePage tone="info" title={t(reviewOnly ? "review.leftTitle" : "session.leftTitle")} testId="session-left">
        <p>{t("session.leftBody")}</p>
      </MessagePage>
    );
  }
  if (status.kind === "failed") {
    return (
      <MessagePage tone="danger" title={t("session.errorTitle")} testId="room-error">
        <p>{errorText(status.code)}</p>
        {status.traceId ? <p className="muted small">{t("common.reference", { traceId: status.traceId })}</p> : null}
        <p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setStatus({ kind: "loading" });
              void load();
            }}
          >
            {t("common.retry")}
          </button>
        </p>
      </MessagePage>
    );
  }
  if (!api || !room) {
    return (
      <MessagePage tone="info" icon="file" title={t("link.opening")}>
        <Spinner label={t("common.loading")} />
      </MessagePage>
    );
  }

  async function leave() {
    try {
      await call(signingRoomRoutes.endSigningSession);
    } catch {
      // the session is gone either way
    }
    setStatus({ kind: "left" });
  }

  async function switchLanguage(next: ParticipantLanguage) {
    try {
      setRoom(await call(signingRoomRoutes.setSigningLanguage, { body: { language: next } }));
    } catch (error) {
      fail(error);
      // still show the language asked for
      void changeLanguage(next);
    }
  }

  return (
    <RoomContext.Provider value={api}>
      <div className={`room room--${room.stage.toLowerCase()}`} data-stage={room.stage}>
        <a className="skip-link" href="#main">
          {t("common.skipToContent")}
        </a>
        <RoomHeader
          room={room}
          onLanguage={switchLanguage}
          onWithdraw={() => setDialog("withdraw")}
          onDecline={() => setDialog("decline")}
          onDelegate={() => setDialog("delegate")}
          onLeave={leave}
        />
        <main id="main" className="room__main">
          {redirectNotice}
          {room.participant.delegatedFrom && room.stage !== "CLOSED" && room.stage !== "FINISHED" ? (
            <p className="notice notice--info room__welcome" data-testid="delegated-from">
              {t("delegate.fromNotice", { name: room.participant.delegatedFrom })}
            </p>
          ) : null}
          <InPersonBanner />
          {(room.stage === "VERIFY" || room.stage === "CONSENT") && room.sessionRules.entryMessage ? (
            <section
              className="notice notice--info room__welcome"
              aria-label={t("session.welcomeLabel", { organization: room.branding.organizationName })}
              data-testid="entry-message"
            >
              <p style={{ whiteSpace: "pre-line", margin: 0 }}>{room.sessionRules.entryMessage}</p>
            </section>
          ) : null}
          <Suspense fallback={<Spinner label={t("common.loading")} />}>
            {room.stage === "VERIFY" ? room.inPerson ? <InPersonStep /> : <VerifyStep /> : null}
            {room.stage === "CONSENT" ? <ConsentStep /> : null}
            {room.stage === "IDENTITY_PROOFING" ? <IdentityProofingStep onPassed={() => void load()} /> : null}
            <AvSession>
              {room.stage === "WAITING_TURN" ? <WaitingStep /> : null}
              {room.stage === "SIGN" ? <SignStep /> : null}
              {room.stage === "FINISHED" ? <FinishedStep /> : null}
            </AvSession>
            {room.stage === "FINISHED" ? <InPersonHandBack onClose={leave} /> : null}
            {room.stage === "CLOSED" ? <ClosedStep /> : null}
          </Suspense>
        </main>
        <Suspense fallback={null}>
          {dialog === "withdraw" ? <WithdrawDialog onClose={() => setDialog(null)} /> : null}
          {dialog === "decline" ? <DeclineDialog onClose={() => setDialog(null)} /> : null}
          {dialog === "delegate" ? <DelegateDialog onClose={() => setDialog(null)} /> : null}
        </Suspense>
      </div>
    </RoomContext.Provider>
  );
}
