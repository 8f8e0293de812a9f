import type { SigningTag, TagState } from "@signet/contract";
import { createContext, useContext } from "react";

/** What a tag on a page needs: its value and state, and how to change it. */
export interface FieldsApi {
  values: Readonly<Record<string, string | null | undefined>>;
  states: ReadonlyMap<string, TagState>;
  /** guide keys of what is still missing */
  missing: ReadonlySet<string>;
  errors: Readonly<Record<string, string>>;
  signatureImage: string | null;
  initialsImage: string | null;
  /** the participant is in this field (the guide continues from here) */
  onFocus(key: string): void;
  /** typed text: saved after a pause, or on blur */
  setText(tag: SigningTag, value: string): void;
  flush(tag: SigningTag): void;
  /** a choice (checkbox, radio, dropdown): saved at once */
  choose(tag: SigningTag, value: string | null): void;
  /** SIGNATURE/INITIALS: apply the adopted image, or clear it */
  toggleAdopted(tag: SigningTag): void;
  /** on a phone: fill this field in the sheet (a normal-size input, large options) */
  openSheet(tag: SigningTag): void;
  /** on a phone, fields are filled in the sheet instead of on the (scaled-down) page */
  narrow: boolean;
  /** the document shown magnified around the field Next went to, and how much */
  zoom: { documentId: string; scale: number } | null;
}

export const FieldsContext = createContext<FieldsApi | null>(null);

export function useFields(): FieldsApi {
  const api = useContext(FieldsContext);
  if (!api) throw new Error("useFields outside the signing step");
  return api;
}

/** The DOM id of a guide item's control. */
export const guideElementId = (kind: string, id: string) => `${kind}-${id}`;
