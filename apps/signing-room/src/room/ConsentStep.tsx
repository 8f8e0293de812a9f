import { signingRoomRoutes } from "@signet/contract";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorCode } from "../api/api-error.ts";
import { call } from "../api/client.ts";
import { PdfPages, type PdfStatus } from "../pdf/PdfPages.tsx";
import { Icon } from "../ui/Icon.tsx";
import { Notice } from "../ui/PageShell.tsx";
import { useRoom } from "./room-context.tsx";

/**
 * Stage CONSENT (ESIGN §7001(c)): the disclosure, then the consent PDF (shown in the room, so that
 * consent stays one screen), whose code the participant types — showing they can open the format the documents come in — and an explicit agreement.
 * No document is shown before this.
 */
export function ConsentStep() {
  const { t } = useTranslation();
  const { room, setRoom, fail, emit } = useRoom();
  const { consent } = room;
  const reviewOnly = room.participant.reviewOnly;
  const [code, setCode] = useState("");
  const [agree, setAgree] = useState(false);
  const [opened, setOpened] = useState(false);
  const [pdfStatus, setPdfStatus] = useState<PdfStatus>("idle");
  const [busy, setBusy] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [agreeError, setAgreeError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const codeId = useId();
  const agreeId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    setCodeError(trimmed ? null : t("consent.needCode"));
    setAgreeError(agree ? null : t("consent.needAgree"));
    setError(null);
    if (!trimmed) {
      document.getElementById(codeId)?.focus();
      return;
    }
    if (!agree) {
      document.getElementById(agreeId)?.focus();
      return;
    }
    setBusy(true);
    try {
      const next = await call(signingRoomRoutes.giveConsent, { body: { code: trimmed, agree: true } });
      setRoom(next);
      emit("consented");
    } catch (caught) {
      const message = fail(caught);
      if (errorCode(caught) === "CONSENT_CODE_WRONG" || errorCode(caught) === "BAD_REQUEST") {
        setCodeError(message);
        document.getElementById(codeId)?.focus();
      } else setError(message);
      setBusy(false);
    }
  }

  return (
    <div className="stage stage--narrow">
      <section className="card consent" aria-labelledby="consent-title" data-testid="consent">
        <h1 id="consent-title" className="card__title" tabIndex={-1}>
          {t(reviewOnly ? "review.consentTitle" : "consent.title")}
        </h1>
        <p className="muted">{t(reviewOnly ? "review.consentIntro" : "consent.intro")}</p>
        <form onSubmit={submit} noValidate>
          <ol className="steps">
            <li className="steps__item">
              <h2 className="steps__title">{t("consent.stepRead")}</h2>
              {consent.kind === "DEFAULT" && consent.disclosure.length > 0 ? (
                <section
                  className="disclosure"
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: the disclosure scrolls; keyboard users must reach it
                  tabIndex={0}
                  aria-label={t("consent.stepRead")}
                  data-testid="disclosure"
                >
                  {consent.disclosure.map((paragraph, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed paragraphs of one text version
                    <p key={index}>{paragraph}</p>
                  ))}
                </section>
              ) : (
                <p>{t("consent.customNote", { organization: room.branding.organizationName })}</p>
              )}
              <p className="muted small consent__version">{t("consent.version", { version: consent.version })}</p>
            </li>
            <li className="steps__item">
              <h2 className="steps__title">{t("consent.stepOpen")}</h2>
              <p>{t(reviewOnly ? "review.consentOpenBody" : "consent.stepOpenBody")}</p>
              {/* drawn by pdf.js on a canvas: the code is read from the PDF, never printed in the page */}
              <section
                className="consent-pdf"
                aria-label={t("consent.viewer")}
                // biome-ignore lint/a11y/noNoninteractiveTabindex: the PDF scrolls; keyboard users must reach it
                tabIndex={0}
                data-testid="consent-pdf"
              >
                {pdfStatus === "failed" ? <Notice tone="danger">{t("consent.viewerFailed")}</Notice> : null}
                <PdfPages url={consent.documentUrl} numPages={0} pageSizes={[]} onStatus={setPdfStatus} />
              </section>
              <a
                className="button button--ghost button--small consent-pdf__open"
                href={consent.documentUrl}
                target="_blank"
                rel="noopener"
                onClick={() => setOpened(true)}
              >
                <Icon name="file" />
                {t("consent.openPdf")}
                <span className="visually-hidden"> {t("common.opensInNewTab")}</span>
                {opened ? <Icon name="check" className="icon--success" /> : <Icon name="external" size={16} />}
              </a>
            </li>
            <li className="steps__item">
              <h2 className="steps__title">{t("consent.stepCode")}</h2>
              <div className="field">
                <label htmlFor={codeId}>{t("consent.codeLabel")}</label>
                <input
                  id={codeId}
                  className="input input--code"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={20}
                  value={code}
                  aria-invalid={codeError ? true : undefined}
                  aria-describedby={`${codeId}-hint${codeError ? ` ${codeId}-error` : ""}`}
                  onChange={(event) => {
                    setCode(event.target.value);
                    setCodeError(null);
                  }}
                />
                <p id={`${codeId}-hint`} className="field__hint">
                  {t("consent.codeHint")}
                </p>
                {codeError ? (
                  <p id={`${codeId}-error`} className="field__error" role="alert">
                    {codeError}
                  </p>
                ) : null}
              </div>
              <div className="check">
                <input
                  id={agreeId}
                  type="checkbox"
                  checked={agree}
                  aria-invalid={agreeError ? true : undefined}
                  aria-describedby={agreeError ? `${agreeId}-error` : undefined}
                  onChange={(event) => {
                    setAgree(event.target.checked);
                    setAgreeError(null);
                  }}
                />
                <label htmlFor={agreeId}>{t(reviewOnly ? "review.consentAgree" : "consent.agree")}</label>
              </div>
              {agreeError ? (
                <p id={`${agreeId}-error`} className="field__error" role="alert">
                  {agreeError}
                </p>
              ) : null}
            </li>
          </ol>
          {error ? <Notice tone="danger">{error}</Notice> : null}
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? t("consent.submitting") : t("consent.submit")}
          </button>
        </form>
      </section>
    </div>
  );
}
