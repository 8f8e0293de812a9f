import { TAG_TYPE_LABELS, type Tag, type TagType } from "@signet/contract";
import type { Box } from "./tag-geometry.ts";

/** A tag as the editor holds it: its key lives from placement on, its id once the server has it. */
export interface DraftTag extends Box {
  key: string;
  id?: string;
  participantId: string;
  type: TagType;
  page: number;
  required: boolean;
  label: string | null;
  options: string[];
  groupName: string | null;
  optionValue: string | null;
  customFieldId: string | null;
}

export type Draft = readonly DraftTag[];

export const fromTag = (tag: Tag): DraftTag => ({ ...tag, key: tag.id });

/** What the signer sees as the field's name. */
export const fieldLabel = (tag: Pick<DraftTag, "label" | "type">) => tag.label?.trim() || TAG_TYPE_LABELS[tag.type];
