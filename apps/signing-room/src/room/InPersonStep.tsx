import {
  type ConfirmInPerson,
  IN_PERSON_ID_TYPES,
  type InPersonCodeChannel,
  type InPersonIdType,
  inPersonRoomRoutes,
} from "@signet/contract";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorCode } from "../api/api-error.ts";
import { call } from "../api/client.ts";
import { formatDateTime } from "../format.ts";
import { MessageCard, Notice } from "../ui/PageShell.tsx";
import { CodeForm } from "./CodeForm.tsx";
import { useRoom } from "./room-context.tsx";

/**
 * Issue 34 §2a, stage VERIFY of a hosted session: who is signing is confirmed on the host's device
 * before consent — by a one-time code the participant reads from their own email or phone, or by
 * the host checking an ID in person and ticking a statement in their own name.
 */
export function InPersonStep() {
  const { t, i18n } = useTranslation();
  const { room, refresh } = useRoom();
  const inPerson = room.inPerson!;
  if (inPerson.lockedUntil) {
    return (
      <div className="stage stage--narrow">
        <MessageCard tone="danger" icon="lock" title={t("verify.lockedTitle")} testId="verification-locked">
          <p>{t("verify.lockedBody", { time: formatDateTime(inPerson.lockedUntil, i18n.language) })}</p>
          <p>{t("inPerson.lockedHostHint")}</p>
          <button type="button" className="button button--secondary" onClick={() => void refresh()}>
            {t("verify.checkAgain")}
          </button>
        </MessageCard>
      </div>
    );
  }
  return (
    <div className="stage stage--narrow">
      <section className="card" aria-labelledby="in-person-title" data-testid="in-person-step">
        <h1 id="in-person-title" className="card__title" tabIndex={-1}>
          {t("inPerson.title")}
        </h1>
        <p>{t("inPerson.intro", { name: room.participant.name, host: inPerson.hostName })}</p>
        <InPersonCodeSection />
        <IdCheckForm />
      </section>
    </div>
  );
}

/** The room again after an in-person action (the stage moves on once confirmed). */
function useReload() {
  const { refresh, fail } = useRoom();
  const { t } = useTranslation();
  return {
    refresh,
    async failure(caught: unknown): Promise<string> {
      const code = errorCode(caught);
      const text = fail(caught);
      if (code === "VERIFICATION_FAILED") {
        const next = await refresh();
        if (next?.inPerson) return t("verify.attemptsLeft", { count: next.inPerson.attemptsLeft });
      }
      if (code === "VERIFICATION_LOCKED") await refresh();
      return text;
    },
  };
}

function InPersonCodeSection() {
  const { t } = useTranslation();
  const { room } = useRoom();
  const inPerson = room.inPerson!;
  const { refresh, failure } = useReload();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sentTo = inPerson.channels.find((channel) => channel.channel === inPerson.codeSentTo);

  async function send(channel: InPersonCodeChannel) {
    setBusy(true);
    setError(null);
    try {
      await call(inPersonRoomRoutes.sendInPersonCode, { body: { channel } });
      await refresh();
    } catch (caught) {
      setError(await failure(caught));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(t("inPerson.codeFormat"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await call(inPersonRoomRoutes.confirmInPerson, { body: { method: "CODE", code } });
      await refresh();
    } catch (caught) {
      setError(await failure(caught));
      setCode("");
    } finally {
      setBusy(false);
    }
  }

  if (inPerson.channels.length === 0) return null;
  return (
    <section className="stack" aria-labelledby="in-person-code-title">
      <h2 id="in-person-code-title" className="section-title">
        {t("inPerson.codeTitle")}
      </h2>
      <p>{t("inPerson.codeIntro")}</p>
      <div className="stack">
        {inPerson.channels.map((channel) => (
          <button
            key={channel.channel}
            type="button"
            className="button button--secondary button--block"
            disabled={busy}
            onClick={() => void send(channel.channel)}
          >
            {t(channel.channel === "EMAIL" ? "inPerson.sendEmail" : "inPerson.sendSms", {
              destination: channel.destination,
            })}
          </button>
        ))}
      </div>
      {sentTo ? (
        <>
          <Notice tone="success">{t("inPerson.codeSent", { destination: sentTo.destination })}</Notice>
          <CodeForm
            code={code}
            onCodeChange={setCode}
            error={error}
            busy={busy}
            submitLabel={t("inPerson.confirmCode")}
            onSubmit={confirm}
          />
        </>
      ) : error ? (
        <Notice tone="danger">{error}</Notice>
      ) : null}
    </section>
  );
}

function IdCheckForm() {
  const { t } = useTranslation();
  const { room } = useRoom();
  const inPerson = room.inPerson!;
  const { refresh, failure } = useReload();
  const [idType, setIdType] = useState<InPersonIdType>("DRIVERS_LICENSE");
  const [idTypeOther, setIdTypeOther] = useState("");
  const [idIssuer, setIdIssuer] = useState("");
  const [idExpiresOn, setIdExpiresOn] = useState("");
  const [statement, setStatement] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const baseId = useId();
  const errorId = `${baseId}-error`;

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const missing =
      !idIssuer.trim() || !idExpiresOn || (idType === "OTHER" && !idTypeOther.trim())
        ? t("inPerson.idMissing")
        : idExpiresOn < localToday()
          ? t("inPerson.idExpired")
          : !statement
            ? t("inPerson.statementMissing")
            : null;
    if (missing) {
      setError(missing);
      return;
    }
    setBusy(true);
    setError(null);
    const body: ConfirmInPerson = {
      method: "HOST_ATTESTED_ID",
      idType,
      idTypeOther: idType === "OTHER" ? idTypeOther.trim() : null,
      idIssuer: idIssuer.trim(),
      idExpiresOn,
      statementConfirmed: true,
    };
    try {
      await call(inPersonRoomRoutes.confirmInPerson, { body });
      await refresh();
    } catch (caught) {
      setError(await failure(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="stack" aria-labelledby="in-person-id-title">
      <h2 id="in-person-id-title" className="section-title">
        {t("inPerson.idTitle")}
      </h2>
      <p>{t("inPerson.idIntro", { host: inPerson.hostName })}</p>
      <form onSubmit={confirm} noValidate className="stack" aria-describedby={error ? errorId : undefined}>
        <div className="field">
          <label htmlFor={`${baseId}-type`}>{t("inPerson.idType")}</label>
          <select
            id={`${baseId}-type`}
            className="input"
            value={idType}
            onChange={(event) => setIdType(event.target.value as InPersonIdType)}
          >
            {IN_PERSON_ID_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`inPerson.idTypes.${type}`)}
              </option>
            ))}
          </select>
        </div>
        {idType === "OTHER" ? (
          <div className="field">
            <label htmlFor={`${baseId}-other`}>{t("inPerson.idTypeOther")}</label>
            <input
              id={`${baseId}-other`}
              className="input"
              maxLength={80}
              value={idTypeOther}
              onChange={(event) => setIdTypeOther(event.target.value)}
            />
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={`${baseId}-issuer`}>{t("inPerson.idIssuer")}</label>
          <input
            id={`${baseId}-issuer`}
            className="input"
            maxLength={80}
            value={idIssuer}
            onChange={(event) => setIdIssuer(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${baseId}-expires`}>{t("inPerson.idExpiresOn")}</label>
          <input
            id={`${baseId}-expires`}
            className="input"
            type="date"
            value={idExpiresOn}
            onChange={(event) => setIdExpiresOn(event.target.value)}
          />
        </div>
        <label className="sheet-option">
          <input type="checkbox" checked={statement} onChange={(event) => setStatement(event.target.checked)} />
          {/* the statement exactly as it is recorded, in the host's name */}
          <span>{inPerson.hostStatement}</span>
        </label>
        <p className="muted small">{t("inPerson.noCopyKept")}</p>
        {error ? (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {t("inPerson.confirmId")}
        </button>
      </form>
    </section>
  );
}

/** Today on this device as YYYY-MM-DD (the server checks again, leniently across time zones). */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** Shown on every stage of a hosted session: whose device this is. */
export function InPersonBanner() {
  const { t } = useTranslation();
  const { room } = useRoom();
  if (!room.inPerson) return null;
  return (
    <p className="notice notice--info room__in-person" data-testid="in-person-banner">
      {t("inPerson.banner", { host: room.inPerson.hostName })}
    </p>
  );
}

/** After finishing in a hosted session: the device goes back to the host, and the session can end. */
export function InPersonHandBack({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { room } = useRoom();
  if (!room.inPerson) return null;
  return (
    <div className="stage stage--narrow">
      <section className="card" aria-labelledby="hand-back-title" data-testid="in-person-hand-back">
        <h2 id="hand-back-title" className="section-title">
          {t("inPerson.handBackTitle")}
        </h2>
        <p>{t("inPerson.handBackBody", { host: room.inPerson.hostName })}</p>
        <button type="button" className="button button--primary" onClick={onClose}>
          {t("inPerson.closeSession")}
        </button>
      </section>
    </div>
  );
}
