import {
  AUTO_FILLED_TAG_TYPES,
  hasTagValue,
  type SigningRoom,
  type SigningTag,
  signingRoomRoutes,
} from "@signet/contract";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, errorCode } from "../../api/api-error.ts";
import { call } from "../../api/client.ts";
import { Icon } from "../../ui/Icon.tsx";
import { Menu } from "../../ui/Menu.tsx";
import { Notice } from "../../ui/PageShell.tsx";
import {
  chooseRadio,
  type GuideItem,
  guideKey,
  guideOrder,
  nextGuideItem,
  outstanding,
  sortTags,
  tagStates,
  valuesOf,
} from "../progress.ts";
import { useRoom } from "../room-context.tsx";
import { AdoptDialog } from "./AdoptDialog.tsx";
import { DocumentSection } from "./DocumentSection.tsx";
import { FieldSheet } from "./FieldSheet.tsx";
import { type FieldsApi, FieldsContext, guideElementId } from "./fields-context.tsx";
import { Questions } from "./Questions.tsx";
import { fieldRow, rowZoom } from "./row-zoom.ts";
import { Uploads } from "./Uploads.tsx";
import { useNarrowScreen } from "./use-narrow-screen.ts";
import { useSaveQueue } from "./use-save-queue.ts";

const TEXT_DEBOUNCE_MS = 500;
// a witness tag applies the witness's adopted signature (issue 34 §2b)
const ADOPTED_TYPES = new Set(["SIGNATURE", "INITIALS", "WITNESS_SIGNATURE"]);
const AUTO_TYPES = new Set<string>(AUTO_FILLED_TAG_TYPES);
const DEFAULTABLE_TYPES = new Set(["TEXT", "CUSTOM_FIELD", "DROPDOWN"]);

const questionsOf = (room: SigningRoom) => room.dataCollection.flatMap((group) => group.fields);
const without = <T,>(record: Record<string, T>, key: string) => {
  if (!(key in record)) return record;
  const { [key]: _, ...rest } = record;
  return rest;
};

/** The tags' values to start from: what the server holds, or the sender's default for an empty field. */
function startingValues(room: SigningRoom): { values: Record<string, string | null>; defaults: string[] } {
  const values = valuesOf(room.tags);
  const states = tagStates(room, values);
  const defaults: string[] = [];
  for (const tag of room.tags) {
    const fallback = tag.defaultValue?.trim() ? tag.defaultValue : null;
    if (tag.value !== null || !fallback || !DEFAULTABLE_TYPES.has(tag.type) || !states.get(tag.id)?.visible) continue;
    if (tag.type === "DROPDOWN" && !tag.options.includes(fallback)) continue;
    values[tag.id] = fallback;
    defaults.push(tag.id);
  }
  return { values, defaults };
}

function scrollToElement(element: HTMLElement) {
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  // inline "nearest": a magnified page was already scrolled sideways to show the field's whole row
  element.scrollIntoView({ block: "center", inline: "nearest", behavior: smooth ? "smooth" : "auto" });
  element.focus({ preventScroll: true });
  element.classList.remove("is-flashing");
  void element.offsetWidth;
  element.classList.add("is-flashing");
}

/** Scrolls a magnified page sideways so that the middle of a field's row (a share of the page's width) is mid-screen. */
function centerRow(element: HTMLElement, middle: number) {
  const page = element.closest<HTMLElement>(".pdf-page");
  const viewport = element.closest<HTMLElement>(".doc__viewport");
  if (!page || !viewport) return;
  const pageBox = page.getBoundingClientRect();
  const viewportBox = viewport.getBoundingClientRect();
  const offset = pageBox.left + middle * pageBox.width - (viewportBox.left + viewport.clientWidth / 2);
  viewport.scrollLeft += offset;
}

/** Stage SIGN: the documents with the participant's fields, questions, uploads, and Finish. */
export default function SignStep() {
  const { t } = useTranslation();
  const { room, setRoom, refresh, fail, emit } = useRoom();
  const roomRef = useRef(room);
  roomRef.current = room;

  const [start] = useState(() => startingValues(room));
  const [values, setValues] = useState<Record<string, string | null>>(start.values);
  const [answers, setAnswers] = useState<Record<string, string | null>>(() => valuesOf(questionsOf(room)));
  const [tagErrors, setTagErrors] = useState<Record<string, string>>({});
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const [reviewing, setReviewing] = useState<string | null>(null);
  const [reviewErrors, setReviewErrors] = useState<Record<string, string>>({});
  const [adoptFor, setAdoptFor] = useState<{ tag: SigningTag | null } | null>(null);
  const [sheetFor, setSheetFor] = useState<SigningTag | null>(null);
  const [zoomed, setZoomed] = useState<{ documentId: string; scale: number } | null>(null);
  const narrow = useNarrowScreen();
  const zoom = narrow ? zoomed : null;
  const [finishing, setFinishing] = useState(false);
  const [finishError, setFinishError] = useState<{ code: string; message: string; details: string[] } | null>(null);
  const current = useRef<string | null>(null);

  // ---- saving -------------------------------------------------------------------------------------
  const tagQueue = useSaveQueue(async (id, value) => {
    const before = roomRef.current.tags.find((tag) => tag.id === id);
    try {
      const saved = await call(signingRoomRoutes.fillTag, { params: { tagId: id }, body: { value } });
      setRoom((previous) => ({ ...previous, tags: previous.tags.map((tag) => (tag.id === saved.id ? saved : tag)) }));
      setTagErrors((previous) => without(previous, id));
      if (ADOPTED_TYPES.has(saved.type) || AUTO_TYPES.has(saved.type)) {
        // the server's value: the image's hash, today's date, the name
        setValues((previous) => ({ ...previous, [id]: saved.value }));
      }
      if (ADOPTED_TYPES.has(saved.type) && saved.value !== null) emit("signed");
    } catch (error) {
      const message = fail(error);
      setTagErrors((previous) => ({ ...previous, [id]: message }));
      if (before && (ADOPTED_TYPES.has(before.type) || AUTO_TYPES.has(before.type))) {
        setValues((previous) => ({ ...previous, [id]: before.value }));
      }
    }
  });

  const answerQueue = useSaveQueue(async (id, value) => {
    try {
      const saved = await call(signingRoomRoutes.answerQuestion, { params: { fieldId: id }, body: { value } });
      setRoom((previous) => ({
        ...previous,
        dataCollection: previous.dataCollection.map((group) => ({
          ...group,
          fields: group.fields.map((field) => (field.id === saved.fieldId ? { ...field, value: saved.value } : field)),
        })),
      }));
      setAnswerErrors((previous) => without(previous, id));
    } catch (error) {
      const message = fail(error);
      setAnswerErrors((previous) => ({ ...previous, [id]: message }));
    }
  });

  // the sender's defaults count as entered: store them once
  const defaultsSaved = useRef(false);
  const scheduleTag = tagQueue.schedule;
  useEffect(() => {
    if (defaultsSaved.current) return;
    defaultsSaved.current = true;
    for (const id of start.defaults) scheduleTag(id, start.values[id] ?? null, 0);
  }, [start, scheduleTag]);

  // ---- what is left ---------------------------------------------------------------------------------
  const states = useMemo(() => tagStates(room, values), [room, values]);
  const left = useMemo(() => outstanding(room, values, answers), [room, values, answers]);
  const order = useMemo(() => guideOrder(room, states), [room, states]);

  // the participant's name is Signet's to write, like the date: asked for once a name field shows
  const namesAsked = useRef(new Set<string>());
  useEffect(() => {
    for (const tag of room.tags) {
      if (tag.type !== "FULL_NAME" || !states.get(tag.id)?.visible || namesAsked.current.has(tag.id)) continue;
      if (hasTagValue(tag.type, values[tag.id])) continue;
      namesAsked.current.add(tag.id);
      setValues((previous) => ({ ...previous, [tag.id]: "auto" }));
      scheduleTag(tag.id, "auto", 0);
    }
  }, [room.tags, states, values, scheduleTag]);

  // where the guide goes once the page is laid out at its new magnification
  const [guided, setGuided] = useState<{ item: GuideItem; middle: number | null; scale: number } | null>(null);
  const goTo = useCallback(
    (item: GuideItem) => {
      current.current = guideKey(item);
      const tag = item.kind === "tag" ? roomRef.current.tags.find((candidate) => candidate.id === item.id) : null;
      if (!narrow || !tag) {
        setZoomed(null);
        setGuided({ item, middle: null, scale: 1 });
        return;
      }
      // On a phone the page is scaled down to the screen's width and a field is a few pixels tall.
      // The page is laid out again wider (not a CSS transform), so that pdf.js draws it sharp at that
      // size and the fields keep their places; the document scrolls sideways inside itself, and the
      // screen never does.
      const doc = roomRef.current.documents.find((candidate) => candidate.id === tag.documentId);
      const pageWidth = doc?.pageSizes[tag.page - 1]?.width ?? 612;
      const row = fieldRow(tag, roomRef.current.tags);
      const scale = rowZoom(row, pageWidth);
      setZoomed({ documentId: tag.documentId, scale });
      setGuided({ item, middle: (row.left + row.right) / 2 / pageWidth, scale });
    },
    [narrow],
  );

  useEffect(() => {
    if (!guided) return;
    const element = document.getElementById(guideElementId(guided.item.kind, guided.item.id));
    if (!element) return;
    const go = () => {
      if (guided.middle !== null) centerRow(element, guided.middle);
      scrollToElement(element);
    };
    const sized = element.closest<HTMLElement>(".doc__zoom");
    const viewport = sized?.parentElement;
    if (!sized || !viewport) {
      go();
      return;
    }
    // Scroll once the page is laid out at its new width: the frame the width changes in can still
    // report the old one, so the observer waits for the width the zoom asks for.
    const expected = viewport.clientWidth * guided.scale;
    const observer = new ResizeObserver(() => {
      if (Math.abs(sized.getBoundingClientRect().width - expected) > 1) return;
      observer.disconnect();
      go();
    });
    observer.observe(sized);
    return () => observer.disconnect();
  }, [guided]);

  function next() {
    const item = nextGuideItem(order, left.keys, current.current);
    if (item) goTo(item);
  }

  // ---- field actions ----------------------------------------------------------------------------------
  const fields: FieldsApi = {
    values,
    states,
    missing: left.keys,
    errors: tagErrors,
    signatureImage: room.signature?.imageDataUrl ?? null,
    initialsImage: room.initials?.imageDataUrl ?? null,
    onFocus: (key) => {
      current.current = key;
    },
    setText: (tag, value) => {
      setValues((previous) => ({ ...previous, [tag.id]: value }));
      tagQueue.schedule(tag.id, value.trim() === "" ? null : value, TEXT_DEBOUNCE_MS);
    },
    flush: (tag) => void tagQueue.flush(tag.id),
    choose: (tag, value) => {
      if (tag.type === "RADIO" && value !== null) {
        setValues((previous) => chooseRadio(roomRef.current.tags, previous, tag));
      } else {
        setValues((previous) => ({ ...previous, [tag.id]: value }));
      }
      tagQueue.schedule(tag.id, value, 0);
    },
    toggleAdopted: (tag) => {
      current.current = `tag:${tag.id}`;
      if (hasTagValue(tag.type, values[tag.id])) {
        setValues((previous) => ({ ...previous, [tag.id]: null }));
        tagQueue.schedule(tag.id, null, 0);
        return;
      }
      const adopted = tag.type === "INITIALS" ? room.initials : room.signature;
      if (!adopted) {
        setAdoptFor({ tag });
        return;
      }
      setValues((previous) => ({ ...previous, [tag.id]: "applied" }));
      tagQueue.schedule(tag.id, "applied", 0);
    },
    openSheet: (tag) => {
      current.current = `tag:${tag.id}`;
      setSheetFor(tag);
    },
    narrow,
    zoom,
  };

  function answer(field: { id: string }, value: string | null, immediate: boolean) {
    setAnswers((previous) => ({ ...previous, [field.id]: value }));
    answerQueue.schedule(field.id, value, immediate ? 0 : TEXT_DEBOUNCE_MS);
  }

  async function review(documentId: string) {
    setReviewing(documentId);
    setReviewErrors((previous) => without(previous, documentId));
    try {
      setRoom(await call(signingRoomRoutes.reviewDocument, { params: { documentId } }));
    } catch (error) {
      const message = fail(error);
      setReviewErrors((previous) => ({ ...previous, [documentId]: message }));
    } finally {
      setReviewing(null);
    }
  }

  function adopted(next: SigningRoom) {
    setRoom(next);
    const tag = adoptFor?.tag;
    setAdoptFor(null);
    if (tag) {
      setValues((previous) => ({ ...previous, [tag.id]: "applied" }));
      tagQueue.schedule(tag.id, "applied", 0);
    }
  }

  async function finish() {
    setFinishError(null);
    setFinishing(true);
    await Promise.all([tagQueue.flushAll(), answerQueue.flushAll()]);
    try {
      const next = await call(signingRoomRoutes.finishSigning);
      setRoom(next);
      emit("finished");
    } catch (error) {
      const message = fail(error);
      const code = errorCode(error);
      const details = error instanceof ApiError ? error.details.map((detail) => detail.message) : [];
      setFinishError({ code, message, details });
      setFinishing(false);
      if (code === "REQUIRED_FIELDS_MISSING" || code === "SIGNATURE_NOT_ADOPTED" || code === "BAD_REQUEST") {
        const fresh = await refresh();
        if (!fresh) return;
        const freshValues = valuesOf(fresh.tags);
        const freshAnswers = valuesOf(questionsOf(fresh));
        setValues(freshValues);
        setAnswers(freshAnswers);
        const first = outstanding(fresh, freshValues, freshAnswers).items[0];
        if (first) setTimeout(() => goTo(first), 60);
        else if (code === "SIGNATURE_NOT_ADOPTED") setAdoptFor({ tag: null });
      }
    }
  }

  // ---- layout ----------------------------------------------------------------------------------------
  // in document order, so that Tab moves through a page top to bottom
  const visibleTags = sortTags(
    room.tags.filter((tag) => states.get(tag.id)?.visible),
    room.documents,
  );
  const questions = questionsOf(room);
  const radioGroup = (tag: SigningTag) =>
    tag.type === "RADIO"
      ? visibleTags.filter(
          (other) =>
            other.type === "RADIO" &&
            other.documentId === tag.documentId &&
            (tag.groupName ? other.groupName === tag.groupName : other.id === tag.id),
        )
      : [];
  const saving = tagQueue.saving || answerQueue.saving;
  const docLeft = (documentId: string) =>
    left.items.filter(
      (item) =>
        (item.kind === "tag" && item.documentId === documentId) || (item.kind === "review" && item.id === documentId),
    ).length;
  // a "fields missing" answer stays up until they are filled; other failures until the next try
  const showFinishError = finishError !== null && (finishError.code !== "REQUIRED_FIELDS_MISSING" || left.count > 0);
  const hasSignatureTags = room.tags.some((tag) => ADOPTED_TYPES.has(tag.type));
  // one who only reviews reads about reviewing; once everything is reviewed, Finish review stands alone
  const reviewOnly = room.participant.reviewOnly;
  const onlyReviewsLeft = left.items.every((item) => item.kind === "review");
  const progressText =
    left.count === 0
      ? t(reviewOnly ? "review.allDone" : "sign.allDone")
      : reviewOnly && onlyReviewsLeft
        ? t("review.progress", { count: left.count })
        : t("sign.progress", { count: left.count });
  // issue 33 §3: one who only reviews may finish at once; Finish review is their word for every document
  const finishEarly = reviewOnly && onlyReviewsLeft && left.count > 0;

  return (
    <FieldsContext.Provider value={fields}>
      <div className="sign">
        <div className="sign-bar" data-testid="sign-bar">
          <div className="sign-bar__inner">
            <div className="sign-bar__status">
              <p className="sign-bar__progress" role="status" data-testid="progress">
                <span className="sign-bar__long">{progressText}</span>
                <span className="sign-bar__short" aria-hidden="true">
                  {left.count > 0 ? t("sign.itemsLeft", { count: left.count }) : t("sign.ready")}
                </span>
              </p>
              <p className="sign-bar__saving muted small" aria-live="polite">
                {saving ? t("common.saving") : ""}
              </p>
            </div>
            {hasSignatureTags ? (
              <div className="sign-bar__signature">
                {room.signature ? (
                  <img
                    className="sign-bar__signature-image"
                    src={room.signature.imageDataUrl}
                    alt={t("sign.yourSignature")}
                  />
                ) : null}
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => setAdoptFor({ tag: null })}
                >
                  {room.signature ? t("sign.changeSignature") : t("sign.adopt")}
                </button>
              </div>
            ) : null}
            <div className="sign-bar__actions">
              {zoom ? (
                <button
                  type="button"
                  className="button button--ghost button--nowrap"
                  onClick={() => setZoomed(null)}
                  data-testid="whole-page"
                >
                  {t("fill.wholePage")}
                </button>
              ) : null}
              {/* one control walks the signer through: the next field while any is left, then Finish (one
                  who only reviews has Finish review beside it, and Next steps back to second place) */}
              {left.count > 0 ? (
                <button
                  type="button"
                  className={`button ${finishEarly ? "button--secondary" : "button--primary"} button--nowrap`}
                  onClick={next}
                  aria-describedby="finish-hint"
                  data-testid="next-field"
                >
                  <span className="sign-bar__long">{t(reviewOnly ? "review.next" : "sign.next")}</span>
                  <span className="sign-bar__short" aria-hidden="true">
                    {t("sign.nextShort")}
                  </span>
                  <Icon name="arrow" size={18} />
                </button>
              ) : null}
              {left.count === 0 || finishEarly ? (
                <button
                  type="button"
                  className="button button--primary button--nowrap"
                  onClick={finish}
                  disabled={finishing}
                  aria-describedby={finishEarly ? "finish-confirms" : undefined}
                  data-testid="finish"
                >
                  <Icon name="check" size={18} className="sign-bar__finish-icon" />
                  {finishing ? t("sign.finishing") : t(reviewOnly ? "review.finish" : "sign.finish")}
                </button>
              ) : null}
              {finishEarly ? (
                <span id="finish-confirms" className="visually-hidden">
                  {t("review.finishConfirms")}
                </span>
              ) : null}
              {left.count > 0 ? (
                <span id="finish-hint" className="visually-hidden">
                  {t("sign.finishHint", { count: left.count })}
                </span>
              ) : null}
              {hasSignatureTags ? (
                <div className="sign-bar__more">
                  <Menu
                    label={t("sign.moreActions")}
                    buttonClassName="icon-button"
                    items={[
                      {
                        label: room.signature ? t("sign.changeSignature") : t("sign.adopt"),
                        onSelect: () => setAdoptFor({ tag: null }),
                      },
                    ]}
                  />
                </div>
              ) : null}
            </div>
          </div>
          {showFinishError && finishError ? (
            <div className="sign-bar__message">
              <Notice tone="danger">
                <strong>{finishError.message}</strong>
                {finishError.details.length > 0 ? (
                  <ul className="detail-list">
                    {finishError.details.map((detail) => (
                      <li key={detail}>{detail}</li>
                    ))}
                  </ul>
                ) : null}
              </Notice>
            </div>
          ) : null}
        </div>

        <div className="sign__body">
          <nav className="sign__nav" aria-label={t("sign.documents")}>
            <h2 className="sign__nav-title">{t("sign.documents")}</h2>
            <ol className="doc-nav">
              {room.documents.map((doc) => {
                const count = docLeft(doc.id);
                return (
                  <li key={doc.id}>
                    <a className="doc-nav__link" href={`#doc-${doc.id}`}>
                      <span className="doc-nav__name">{doc.name}</span>
                      <span className="doc-nav__meta">
                        {t(`sign.execution.${doc.executionType}`)}
                        {doc.executionType === "PAPER" ? null : count > 0 ? (
                          <span className="pill pill--todo">{t("sign.itemsLeft", { count })}</span>
                        ) : (
                          <span className="pill pill--done">
                            <Icon name="check" size={12} />
                            {t("sign.complete")}
                          </span>
                        )}
                      </span>
                    </a>
                  </li>
                );
              })}
              {questions.length > 0 ? (
                <li>
                  <a className="doc-nav__link" href="#questions">
                    <span className="doc-nav__name">{t("sign.questions")}</span>
                  </a>
                </li>
              ) : null}
              {room.stips.length > 0 ? (
                <li>
                  <a className="doc-nav__link" href="#uploads">
                    <span className="doc-nav__name">{t("sign.uploads")}</span>
                  </a>
                </li>
              ) : null}
            </ol>
          </nav>

          <div className="sign__content">
            <h1 className="visually-hidden" tabIndex={-1}>
              {t(reviewOnly ? "review.title" : "sign.title")}
            </h1>
            {room.documents.length === 0 ? (
              <p className="muted">{t(reviewOnly ? "review.nothing" : "sign.nothingElectronic")}</p>
            ) : null}
            {room.documents.map((doc, index) => (
              <DocumentSection
                key={doc.id}
                document={doc}
                reviewOnly={reviewOnly}
                index={index}
                count={room.documents.length}
                tags={visibleTags.filter((tag) => tag.documentId === doc.id)}
                completed={room.completedTags.filter((tag) => tag.documentId === doc.id)}
                reviewing={reviewing === doc.id}
                reviewError={reviewErrors[doc.id] ?? null}
                onReview={() => review(doc.id)}
              />
            ))}
            {questions.length > 0 ? (
              <Questions
                groups={room.dataCollection}
                answers={answers}
                errors={answerErrors}
                onChange={answer}
                onBlur={(field) => void answerQueue.flush(field.id)}
              />
            ) : null}
            {room.stips.length > 0 ? <Uploads stips={room.stips} /> : null}
          </div>
        </div>
        {adoptFor ? <AdoptDialog onClose={() => setAdoptFor(null)} onAdopted={adopted} /> : null}
        {sheetFor ? <FieldSheet tag={sheetFor} group={radioGroup(sheetFor)} onClose={() => setSheetFor(null)} /> : null}
      </div>
    </FieldsContext.Provider>
  );
}
