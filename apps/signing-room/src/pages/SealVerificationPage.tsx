import { type SealVerification, SIGNING_FILE_PATHS, sealVerificationSchema } from "@signet/contract";
import { type DragEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorCode } from "../api/api-error.ts";
import { postFile } from "../api/client.ts";
import { formatDateTime } from "../format.ts";
import { errorText } from "../i18n/index.ts";
import { Icon } from "../ui/Icon.tsx";
import { Notice, PageShell, Spinner } from "../ui/PageShell.tsx";

type State =
  | { kind: "idle" }
  | { kind: "checking"; name: string }
  | { kind: "done"; name: string; result: SealVerification }
  | { kind: "failed"; message: string };

const isPdf = (file: File) => file.type === "application/pdf" || file.name.toLowerCase().endsWith(".pdf");

/** /verify — anyone can check whether a PDF is an unmodified document Signet sealed. */
export function SealVerificationPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: "idle" });
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  async function check(file: File | undefined) {
    if (!file) return;
    if (!isPdf(file)) {
      setState({ kind: "failed", message: t("seal.notPdf") });
      return;
    }
    setState({ kind: "checking", name: file.name });
    try {
      const result = await postFile(SIGNING_FILE_PATHS.sealVerification, file, sealVerificationSchema);
      setState({ kind: "done", name: file.name, result });
    } catch (error) {
      setState({ kind: "failed", message: errorText(errorCode(error)) });
    } finally {
      if (input.current) input.current.value = "";
    }
  }

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void check(event.dataTransfer.files[0]);
  };

  return (
    <PageShell>
      <section className="card" aria-labelledby="seal-title">
        <h1 id="seal-title" className="card__title">
          {t("seal.title")}
        </h1>
        <p className="muted">{t("seal.intro")}</p>
        {state.kind === "done" ? (
          <SealResult name={state.name} result={state.result} onAgain={() => setState({ kind: "idle" })} />
        ) : (
          // biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the file picker inside does the same by keyboard
          <div
            className={dragging ? "dropzone dropzone--active" : "dropzone"}
            data-testid="seal-dropzone"
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <Icon name="file" size={36} />
            {state.kind === "checking" ? (
              <Spinner label={t("seal.checking", { name: state.name })} />
            ) : (
              <>
                <p className="dropzone__title">{t("seal.drop")}</p>
                <p className="muted small">{t("seal.or")}</p>
                <label htmlFor={inputId} className="button button--primary file-button">
                  {t("seal.choose")}
                </label>
                <input
                  ref={input}
                  id={inputId}
                  className="visually-hidden"
                  type="file"
                  accept="application/pdf,.pdf"
                  aria-label={t("seal.fileLabel")}
                  onChange={(event) => void check(event.target.files?.[0])}
                />
              </>
            )}
          </div>
        )}
        {state.kind === "failed" ? <Notice tone="danger">{state.message}</Notice> : null}
      </section>
    </PageShell>
  );
}

function SealResult({ name, result, onAgain }: { name: string; result: SealVerification; onAgain: () => void }) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [[t("seal.file"), name]];
  if (result.verified) {
    if (result.kind) rows.push([t("seal.kind"), t(`seal.kinds.${result.kind}`)]);
    if (result.documentName) rows.push([t("seal.document"), result.documentName]);
    if (result.packageName || result.packageShortId) {
      rows.push([
        t("seal.package"),
        [result.packageName, result.packageShortId ? `(${result.packageShortId})` : null].filter(Boolean).join(" "),
      ]);
    }
    if (result.organizationName) rows.push([t("seal.organization"), result.organizationName]);
    if (result.sealedAt) rows.push([t("seal.sealedAt"), formatDateTime(result.sealedAt, i18n.language)]);
    if (result.certificateSubject) rows.push([t("seal.certificateSubject"), result.certificateSubject]);
    rows.push([t("seal.timestamped"), result.timestamped ? t("common.yes") : t("common.no")]);
    if (result.padesLevel) {
      rows.push([
        t("seal.level"),
        result.lastTimestamp && result.padesLevel === "B-LTA"
          ? t("seal.longTerm", {
              tsa: result.lastTimestamp.tsa ?? "—",
              time: formatDateTime(result.lastTimestamp.time, i18n.language),
            })
          : t(`seal.levels.${result.padesLevel}`),
      ]);
    }
    if (result.copy) {
      const { custodian } = result.copy;
      rows.push([t("seal.copyMarkedAt"), formatDateTime(result.copy.markedAt, i18n.language)]);
      rows.push([
        t("seal.copyHeldBy"),
        custodian
          ? t("seal.copyHeldByValue", {
              name: custodian.name,
              transaction: custodian.transactionId ?? "—",
              transferredAt: custodian.transferredAt ? formatDateTime(custodian.transferredAt, i18n.language) : "—",
            })
          : t("seal.copyHeldByOriginal"),
      ]);
    }
  }
  rows.push([t("seal.fingerprint"), result.sha256]);
  const reason = result.verified
    ? result.copy
      ? t("seal.copyVerifiedBody", {
          document: result.copy.documentName,
          markedAt: formatDateTime(result.copy.markedAt, i18n.language),
        })
      : t("seal.verifiedBody")
    : !result.signed
      ? t("seal.unsigned")
      : result.signatureValid
        ? t("seal.otherSigner")
        : t("seal.modified");

  return (
    <div
      className={result.verified ? "seal-result seal-result--ok" : "seal-result seal-result--bad"}
      data-testid="seal-result"
      data-verified={result.verified}
    >
      <div className="seal-result__head" role="status">
        <span className="seal-result__icon">
          <Icon name={result.verified ? "check" : "alert"} size={28} />
        </span>
        <div>
          <h2 className="seal-result__title">
            {result.verified
              ? result.copy
                ? t("seal.copyVerifiedTitle")
                : t("seal.verifiedTitle")
              : t("seal.notVerifiedTitle")}
          </h2>
          <p>{reason}</p>
        </div>
      </div>
      <dl className="details">
        {rows.map(([term, value]) => (
          <div key={term} className="details__row">
            <dt>{term}</dt>
            <dd className={term === t("seal.fingerprint") ? "mono" : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="button button--secondary seal-result__again" onClick={onAgain}>
        {t("seal.another")}
      </button>
    </div>
  );
}
