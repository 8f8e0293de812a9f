import { type SigningRoom, signingRoomRoutes } from "@signet/contract";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorCode } from "../api/api-error.ts";
import { call } from "../api/client.ts";
import { PdfPages, type PdfStatus } from "../pdf/PdfPages.tsx";
import { Icon } from "../ui/Icon.tsx";
import { Notice } from "../ui/PageShell.tsx";
import { useRoom } from "./room-context.tsx";

/**
 * Stage CONSENT (ESIGN §7001(c), DOMAIN.md §3): the disclosure shown in the room as a page like the
 * documents, then one "I agree". An organization that wants the stricter demonstration also asks
 * for the code printed in the disclosure PDF. No document is shown before this.
 */
export function ConsentStep() {
  const { t } = useTranslation();
  const { room, setRoom, fail, emit } = useRoom();
  const { consent } = room;
  const reviewOnly = room.participant.reviewOnly;
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const codeId = useId();
  const meaningId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const trimmed = code.trim();
    setError(null);
    if (consent.codeRequired && !trimmed) {
      setCodeError(t("consent.needCode"));
      document.getElementById(codeId)?.focus();
      return;
    }
    setBusy(true);
    try {
      const body = consent.codeRequired ? { code: trimmed, agree: true as const } : { agree: true as const };
      setRoom(await call(signingRoomRoutes.giveConsent, { body }));
      emit("consented");
    } catch (caught) {
      const message = fail(caught);
      if (consent.codeRequired && (errorCode(caught) === "CONSENT_CODE_WRONG" || errorCode(caught) === "BAD_REQUEST")) {
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
        {consent.kind === "DEFAULT" ? <DisclosurePage room={room} /> : <DisclosurePdf room={room} />}
        <form className="consent__form" onSubmit={submit} noValidate>
          {consent.codeRequired ? (
            <div className="consent__code">
              {/* the default disclosure is shown as a page; the code is only in its PDF */}
              {consent.kind === "DEFAULT" ? <DisclosurePdf room={room} /> : null}
              <p className="consent__code-intro">
                {t("consent.codeIntro", { organization: room.branding.organizationName })}
              </p>
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
            </div>
          ) : null}
          <p id={meaningId} className="consent__meaning">
            {t(reviewOnly ? "consent.reviewMeaning" : "consent.meaning")}
          </p>
          {error ? <Notice tone="danger">{error}</Notice> : null}
          {/* the button is the agreement: its name stays "I agree" while it saves */}
          <button
            type="submit"
            className="button button--primary button--block"
            aria-describedby={meaningId}
            aria-disabled={busy || undefined}
          >
            {t("consent.agree")}
          </button>
        </form>
      </section>
    </div>
  );
}

/** Signet's disclosure as a page of the documents' kind: readable on a phone, the version kept out of sight. */
function DisclosurePage({ room }: { room: SigningRoom }) {
  const { t, i18n } = useTranslation();
  const { consent } = room;
  const titleId = useId();
  return (
    <>
      <article
        className="consent-page"
        aria-labelledby={titleId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the page scrolls; keyboard users must reach it
        tabIndex={0}
        data-testid="disclosure"
      >
        <h2 id={titleId} className="consent-page__title">
          {t(room.participant.reviewOnly ? "consent.reviewDisclosureTitle" : "consent.disclosureTitle")}
        </h2>
        <p className="consent-page__meta">
          {room.branding.organizationName} ·{" "}
          {t("consent.updatedOn", { date: formatDay(consent.updatedOn, i18n.language) })}
        </p>
        {consent.disclosure.map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed paragraphs of one text version
          <p key={index}>{paragraph}</p>
        ))}
      </article>
      {consent.codeRequired ? null : <OpenPdfLink url={consent.documentUrl} />}
    </>
  );
}

/** The disclosure PDF drawn by the room's document viewer (the organization's own, or the one with the code). */
function DisclosurePdf({ room }: { room: SigningRoom }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<PdfStatus>("idle");
  return (
    <>
      {/* drawn by pdf.js on a canvas: the code is read from the PDF, never printed in the page */}
      <section
        className="consent-pdf"
        aria-label={t("consent.viewer", { organization: room.branding.organizationName })}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the PDF scrolls; keyboard users must reach it
        tabIndex={0}
        data-testid="consent-pdf"
      >
        {status === "failed" ? <Notice tone="danger">{t("consent.viewerFailed")}</Notice> : null}
        <PdfPages url={room.consent.documentUrl} numPages={0} pageSizes={[]} onStatus={setStatus} />
      </section>
      <OpenPdfLink url={room.consent.documentUrl} />
    </>
  );
}

function OpenPdfLink({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <a className="button button--ghost button--small consent-pdf__open" href={url} target="_blank" rel="noopener">
      <Icon name="file" />
      {t("consent.openPdf")}
      <span className="visually-hidden"> {t("common.opensInNewTab")}</span>
      <Icon name="external" size={16} />
    </a>
  );
}

/** A day (YYYY-MM-DD) in words, read in UTC: the same day wherever the participant is. */
function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(date);
}
