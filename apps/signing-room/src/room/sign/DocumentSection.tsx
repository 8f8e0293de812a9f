import type { SigningCompletedTag, SigningDocument, SigningTag } from "@signet/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PdfPages, type PdfStatus } from "../../pdf/PdfPages.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { Notice } from "../../ui/PageShell.tsx";
import { CompletedTag } from "./CompletedTag.tsx";
import { ENoteView } from "./ENoteView.tsx";
import { guideElementId, useFields } from "./fields-context.tsx";
import { TagField } from "./TagField.tsx";

const LETTER = { width: 612, height: 792 };

/** One document: E-Sign (pages with the participant's tags), View Only (pages, then "reviewed"), Paper. */
export function DocumentSection(props: {
  document: SigningDocument;
  /** the participant only reviews: no word about signatures */
  reviewOnly: boolean;
  index: number;
  count: number;
  tags: SigningTag[];
  /** what participants who finished already filled in here, read-only */
  completed: SigningCompletedTag[];
  reviewing: boolean;
  reviewError: string | null;
  onReview: () => void;
}) {
  const { t } = useTranslation();
  const fields = useFields();
  const { document: doc } = props;
  const [status, setStatus] = useState<PdfStatus>("idle");
  const titleId = `doc-${doc.id}-title`;
  // issue 15 §5: an eNote shows its VIEW (sanitized XHTML) instead of PDF pages
  const isENote = doc.format === "SMART_DOC" && Boolean(doc.eNote);
  const zoom = fields.zoom?.documentId === doc.id ? fields.zoom : null;

  return (
    <section id={`doc-${doc.id}`} className="doc" aria-labelledby={titleId} data-testid={`document-${doc.id}`}>
      <header className="doc__header">
        <div className="doc__heading">
          <span className="doc__index">{t("sign.documentOf", { index: props.index + 1, count: props.count })}</span>
          <h2 id={titleId} className="doc__title">
            {doc.name}
          </h2>
        </div>
        <span className={`badge badge--${doc.executionType.toLowerCase()}`}>
          {t(`sign.execution.${doc.executionType}`)}
        </span>
        {isENote ? <span className="badge">{t("enote.badge")}</span> : null}
        {doc.executionType !== "PAPER" ? (
          <a className="button button--ghost button--small" href={doc.fileUrl} target="_blank" rel="noopener">
            <Icon name="external" size={16} />
            {isENote ? t("enote.openXml") : t("sign.openPdf")}
            <span className="visually-hidden"> {t("common.opensInNewTab")}</span>
          </a>
        ) : null}
      </header>

      {doc.executionType === "PAPER" ? (
        <div className="paper">
          <Icon name="print" size={32} />
          <div>
            <h3 className="paper__title">{t("sign.paperTitle")}</h3>
            <p className="paper__body">{t("sign.paperBody")}</p>
            <a className="button button--secondary" href={doc.fileUrl} download>
              <Icon name="download" />
              {t("sign.paperDownload")}
            </a>
          </div>
        </div>
      ) : (
        <>
          {doc.executionType === "VIEW_ONLY" ? (
            <p className="doc__note">{t(props.reviewOnly ? "review.reviewIntro" : "sign.reviewIntro")}</p>
          ) : null}
          {isENote ? <ENoteView document={doc} tags={props.tags} completed={props.completed} /> : null}
          {!isENote && status === "failed" ? <Notice tone="danger">{t("sign.documentFailed")}</Notice> : null}
          {!isENote && status === "loading" ? (
            <p className="doc__loading muted small">{t("sign.loadingDocument")}</p>
          ) : null}
          {isENote ? null : (
            <div
              className={zoom ? "doc__viewport doc__viewport--zoomed" : "doc__viewport"}
              data-testid={`viewport-${doc.id}`}
            >
              <div className="doc__zoom" style={zoom ? { width: `${(zoom.scale * 100).toFixed(1)}%` } : undefined}>
                <PdfPages
                  url={doc.fileUrl}
                  numPages={doc.numPages}
                  pageSizes={doc.pageSizes}
                  onStatus={setStatus}
                  overlay={(page) => (
                    <>
                      {props.completed
                        .filter((tag) => tag.page === page)
                        .map((tag) => (
                          <CompletedTag key={tag.id} tag={tag} pageSize={doc.pageSizes[page - 1] ?? LETTER} />
                        ))}
                      {doc.executionType === "E_SIGN"
                        ? props.tags
                            .filter((tag) => tag.page === page)
                            .map((tag) => (
                              <TagField key={tag.id} tag={tag} pageSize={doc.pageSizes[page - 1] ?? LETTER} />
                            ))
                        : null}
                    </>
                  )}
                />
              </div>
            </div>
          )}
          {doc.executionType === "VIEW_ONLY" ? (
            <div className="doc__review">
              {doc.reviewed ? (
                <p className="reviewed" id={guideElementId("review", doc.id)} tabIndex={-1}>
                  <Icon name="check" className="icon--success" />
                  {t("sign.reviewed")}
                </p>
              ) : (
                <button
                  type="button"
                  id={guideElementId("review", doc.id)}
                  className={
                    fields.missing.has(`review:${doc.id}`)
                      ? "button button--primary button--attention"
                      : "button button--primary"
                  }
                  disabled={props.reviewing}
                  onFocus={() => fields.onFocus(`review:${doc.id}`)}
                  onClick={props.onReview}
                  aria-describedby={titleId}
                >
                  {t("sign.review")}
                </button>
              )}
              {props.reviewError ? <Notice tone="danger">{props.reviewError}</Notice> : null}
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
