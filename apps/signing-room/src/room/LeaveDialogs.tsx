import { signingRoomRoutes } from "@signet/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../api/client.ts";
import { Dialog } from "../ui/Dialog.tsx";
import { Notice } from "../ui/PageShell.tsx";
import { useRoom } from "./room-context.tsx";

/** Withdraw e-sign consent (ESIGN: prospective; what was signed stays valid). */
export function WithdrawDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { room: current, setRoom, fail } = useRoom();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      const room = await call(signingRoomRoutes.withdrawConsent, { body: { reason: reason.trim() || null } });
      setRoom(room);
      onClose();
    } catch (caught) {
      setError(fail(caught));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={t("withdraw.title")}
      onClose={onClose}
      busy={busy}
      testId="withdraw-dialog"
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            {t("common.cancel")}
          </button>
          <button type="button" className="button button--danger" onClick={submit} disabled={busy}>
            {busy ? t("withdraw.working") : t("withdraw.confirm")}
          </button>
        </>
      }
    >
      <p>{t(current.participant.reviewOnly ? "review.withdrawBody" : "withdraw.body")}</p>
      <div className="field">
        <label htmlFor={reasonId}>{t("withdraw.reasonLabel")}</label>
        <textarea
          id={reasonId}
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      {error ? <Notice tone="danger">{error}</Notice> : null}
    </Dialog>
  );
}

/** Decline to sign, with the reason the sender reads. */
export function DeclineDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { room: current, setRoom, fail, emit } = useRoom();
  const reviewOnly = current.participant.reviewOnly;
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const reasonId = useId();
  const hintId = useId();

  async function submit() {
    if (!reason.trim()) {
      setMissing(true);
      document.getElementById(reasonId)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const room = await call(signingRoomRoutes.declineSigning, { body: { reason: reason.trim() } });
      setRoom(room);
      emit("declined");
      onClose();
    } catch (caught) {
      setError(fail(caught));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={t(reviewOnly ? "review.decline" : "decline.title")}
      onClose={onClose}
      busy={busy}
      testId="decline-dialog"
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            {t("common.cancel")}
          </button>
          <button type="button" className="button button--danger" onClick={submit} disabled={busy}>
            {busy ? t("decline.working") : t("decline.confirm")}
          </button>
        </>
      }
    >
      <p>{t(reviewOnly ? "review.declineBody" : "decline.body")}</p>
      <div className="field">
        <label htmlFor={reasonId}>{t("decline.reasonLabel")}</label>
        <textarea
          id={reasonId}
          rows={3}
          maxLength={1000}
          required
          aria-invalid={missing || undefined}
          aria-describedby={missing ? hintId : undefined}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
        />
        {missing ? (
          <p id={hintId} className="field__error">
            {t("decline.needReason")}
          </p>
        ) : null}
      </div>
      {error ? <Notice tone="danger">{error}</Notice> : null}
    </Dialog>
  );
}
