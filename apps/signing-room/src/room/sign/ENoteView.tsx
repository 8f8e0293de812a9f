import {
  ENOTE_VIEW_CSS_PROPERTIES,
  ENOTE_VIEW_ELEMENTS,
  ENOTE_VIEW_VOID_ELEMENTS,
  type SigningCompletedTag,
  type SigningDocument,
  type SigningTag,
} from "@signet/contract";
import { type CSSProperties, createElement, Fragment, type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { CompletedTag } from "./CompletedTag.tsx";
import { TagField } from "./TagField.tsx";
import "./enote-view.css";

// Issue 15 §5: an eNote's VIEW. The server already rebuilt it from an allow-list; the room parses that
// HTML without running anything (DOMParser never executes scripts) and renders it as React elements,
// again from an allow-list, so no markup of the document is ever injected as it is. Each borrower
// signature area holds the participant's sign control, another signer's finished signature, or a note.

/** headings of the eNote sit below the room's own document heading (h2) */
const HEADING_SHIFT: Record<string, string> = { h1: "h3", h2: "h4", h3: "h5", h4: "h6", h5: "h6", h6: "h6" };
function styleOf(text: string | null): CSSProperties | undefined {
  if (!text) return undefined;
  const style: Record<string, string> = {};
  for (const declaration of text.split(";")) {
    const [name, value] = declaration.split(":").map((part) => part.trim());
    if (!name || !value || !ENOTE_VIEW_CSS_PROPERTIES.has(name) || !/^[\w\s#.,%-]+$/.test(value)) continue;
    style[name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return Object.keys(style).length > 0 ? (style as CSSProperties) : undefined;
}

/** A tag drawn over the whole of its area (the area is its page). */
const filling = <T extends { x: number; y: number; width: number; height: number }>(tag: T) => ({
  tag: { ...tag, x: 0, y: 0 },
  pageSize: { width: tag.width, height: tag.height },
});

export function ENoteView(props: { document: SigningDocument; tags: SigningTag[]; completed: SigningCompletedTag[] }) {
  const { t } = useTranslation();
  const eNote = props.document.eNote;
  const body = useMemo(
    () =>
      eNote ? new DOMParser().parseFromString(`<!doctype html><body>${eNote.html}</body>`, "text/html").body : null,
    [eNote],
  );
  if (!eNote || !body) return null;

  const area = (element: Element, key: string): ReactNode => {
    const label = element.getAttribute("data-signature-area") ?? "";
    const tagId = element.getAttribute("data-tag-id");
    const mine = props.tags.find((tag) => tag.id === tagId);
    const done = props.completed.find((tag) => tag.id === tagId);
    const sealedText = [...element.children].map((line) => line.textContent ?? "");
    let content: ReactNode;
    if (sealedText.length > 0) content = sealedText.map((line) => <p key={line}>{line}</p>);
    else if (mine) content = <TagField {...filling(mine)} />;
    else if (done) content = <CompletedTag {...filling(done)} />;
    else content = <p className="enote__pending">{t("enote.signsHere", { label })}</p>;
    return (
      <div
        key={key}
        className={sealedText.length > 0 || !(mine || done) ? "enote__area enote__area--text" : "enote__area"}
        data-testid={`enote-area-${label.replace(/\s+/g, "-")}`}
      >
        {content}
      </div>
    );
  };

  const render = (node: Node, key: string): ReactNode => {
    if (node.nodeType === Node.TEXT_NODE) return node.nodeValue;
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    const element = node as Element;
    if (element.hasAttribute("data-signature-area")) return area(element, key);
    const name = element.localName;
    const children = [...element.childNodes].map((child, index) => render(child, `${key}.${index}`));
    if (!ENOTE_VIEW_ELEMENTS.has(name)) return <Fragment key={key}>{children}</Fragment>;
    const attributes: Record<string, unknown> = { key, style: styleOf(element.getAttribute("style")) };
    const align = element.getAttribute("align");
    if (align && /^(left|right|center|justify)$/.test(align)) {
      attributes.style = { ...(attributes.style as CSSProperties), textAlign: align as CSSProperties["textAlign"] };
    }
    for (const [attribute, prop] of [
      ["colspan", "colSpan"],
      ["rowspan", "rowSpan"],
      ["lang", "lang"],
      ["dir", "dir"],
      ["title", "title"],
      ["scope", "scope"],
    ] as const) {
      const value = element.getAttribute(attribute);
      if (value !== null) attributes[prop] = value;
    }
    if (element.hasAttribute("data-field")) attributes.className = "enote__field";
    return createElement(
      HEADING_SHIFT[name] ?? name,
      attributes,
      ENOTE_VIEW_VOID_ELEMENTS.has(name) ? undefined : children,
    );
  };

  return (
    <article className="enote" aria-label={t("enote.viewLabel", { min: eNote.min ?? "" })} data-testid="enote-view">
      <p className="enote__min">{t("enote.min", { min: eNote.min ?? "" })}</p>
      <div className="enote__view">{[...body.childNodes].map((child, index) => render(child, String(index)))}</div>
    </article>
  );
}
