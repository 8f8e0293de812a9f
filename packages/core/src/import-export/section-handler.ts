import type { ConfigurationAction } from "@signet/contract";
import type { z } from "zod";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";

// One section of the organization configuration archive (issue 13 §6): how its items are read from
// an organization (collect), checked beyond their schema (validate), compared with the target
// (key, fields, conflict, notes) and written (apply). The archive, the dry run and the import walk
// the list in sections/index.ts; a new section (document templates, package templates) is one
// handler there and its item schema in the contract.

export type Tx = Prisma.TransactionClient;
export type ReadDb = Pick<CoreDeps["db"], keyof Tx> | Tx;

/** Files a section carries, by their path in the archive (files/<section>/<name>). */
export type SectionFiles = ReadonlyMap<string, Buffer>;

export interface CollectedSection<Item> {
  items: Item[];
  files: Map<string, Buffer>;
  /** target-only facts the plan needs (e.g. whether a custom consent was uploaded) */
  facts?: Record<string, unknown>;
}

/** What the plan of one section sees: everything incoming and everything already there. */
export interface PlanContext {
  incoming: Readonly<Record<string, readonly unknown[]>>;
  current: Readonly<Record<string, readonly unknown[]>>;
  facts: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** keys (per section) of incoming items that are conflicts, for items that depend on them */
  conflicts: Readonly<Record<string, ReadonlySet<string>>>;
  config: Pick<CoreDeps["config"], "OUTBOUND_ALLOWED_HOSTS">;
}

export interface ApplyEntry<Item> {
  item: Item;
  current: Item | undefined;
  action: Extract<ConfigurationAction, "CREATE" | "CHANGE">;
}

export interface ApplyContext {
  tx: Tx;
  actor: Actor;
  organizationId: string;
  deps: CoreDeps;
  files: SectionFiles;
  /** secrets of webhooks created: shown once in the answer */
  webhookSecrets: { url: string; secret: string }[];
  /** blob keys written during the import: removed again when it rolls back */
  writtenBlobs: string[];
  /** blob keys the import made unused: removed once it has committed */
  unusedBlobs: string[];
}

export interface SectionHandler<Item = unknown> {
  /** key in the manifest, e.g. customFields */
  name: string;
  /** the most items an archive may hold (CONFIGURATION_ITEM_LIMITS), refused before any is read */
  maxItems: number;
  /** a list inside the items bounded across them all, refused before any item is read too */
  nestedItems?: { what: string; max: number; count(item: unknown): number };
  /** for people, e.g. Custom fields */
  label: string;
  /** its entry in the archive, e.g. custom-fields.json */
  file: string;
  itemSchema: z.ZodType<Item>;
  /** the item's natural key: unique in the section (duplicates are refused) */
  key(item: Item): string;
  /** the item as people name it */
  itemLabel(item: Item): string;
  /** compared fields, with the words people use for them */
  fields: Partial<Record<keyof Item & string, string>>;
  collect(db: ReadDb, organizationId: string, deps: CoreDeps): Promise<CollectedSection<Item>>;
  /** problems of the archive itself that the schema cannot see (as path + message): answered 400 */
  validate?(items: readonly Item[], files: SectionFiles): Promise<{ path: string; message: string }[]>;
  /** why the item cannot be imported into this target, or null */
  conflict?(item: Item, current: Item | undefined, context: PlanContext): string | null;
  notes?(item: Item, current: Item | undefined, context: PlanContext): string[];
  /** a field that compares equal though written differently (e.g. lists in any order) */
  normalize?(item: Item): Item;
  /** changed fields the import leaves as they are (e.g. a group keeps roles the archive lacks) */
  changedFields?(item: Item, current: Item): string[] | null;
  apply(entries: readonly ApplyEntry<Item>[], context: ApplyContext): Promise<void>;
}

/** A handler typed by its items, stored in the list of every section. */
export const sectionHandler = <Item>(handler: SectionHandler<Item>) => handler as unknown as SectionHandler<unknown>;

/**
 * What a section works out once per plan from the items incoming and already there (name sets,
 * lookups by key), for its per-item checks: worked out per item, a dry run of 5,000 groups was
 * quadratic and held the event loop for a minute (issue 30 §4). Built at the section's first
 * item, so it may read the conflicts of earlier sections but not of its own.
 */
export function perPlan<T>(build: (context: PlanContext) => T): (context: PlanContext) => T {
  const built = new WeakMap<PlanContext, T>();
  return (context) => {
    if (!built.has(context)) built.set(context, build(context));
    return built.get(context) as T;
  };
}

// Items once normalized are not normalized again: the reader normalizes the archive's items and the
// plan is handed them, and a second pass cost the dry run of the largest archive another sort of
// every group's roles and another cleaning of every email message.
const normalizedItems = new WeakSet<object>();

/** The section's items normalized (see SectionHandler.normalize), each at most once. */
export function normalizeItems(handler: SectionHandler, items: readonly unknown[]): unknown[] {
  const { normalize } = handler;
  if (!normalize) return [...items];
  return items.map((item) => {
    if (typeof item === "object" && item !== null && normalizedItems.has(item)) return item;
    const normalized = normalize(item);
    if (typeof normalized === "object" && normalized !== null) normalizedItems.add(normalized);
    return normalized;
  });
}

export const lowerKey = (text: string) => text.trim().toLowerCase();
export const sorted = <T>(list: readonly T[]) => [...list].sort();
