import type { Package } from "@signet/contract";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import { ApiError } from "../../../api/api-error.ts";

/**
 * Why the last save failed, until one succeeds: the server could not be reached (or failed itself),
 * so the edits wait here and are retried; or it refused them (a field to fix, a version conflict).
 */
export type SaveFailure = "unreachable" | "refused";

/** A failure the same save may get past by being sent again: no connection, a server error or overload. */
export function failureOf(error: unknown): SaveFailure {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500 || error.status === 429)
    ? "unreachable"
    : "refused";
}

/**
 * What every builder step shares: the package, whether it may be changed, a save tracker that
 * feeds the header's save counter (spec §4: above zero means saving is in progress) and dirty flags
 * that feed the unsaved-changes guard.
 */
export interface BuilderContextValue {
  organizationId: string;
  packageId: string;
  pkg: Package;
  /** true when the package was sent or the caller cannot manage it: steps show, never edit */
  readOnly: boolean;
  /** counts the promise as a save in progress until it settles; returns it unchanged */
  track<T>(save: Promise<T>): Promise<T>;
  savesInProgress: number;
  /** why the last save failed; null once a save succeeds (the header says it in words) */
  saveFailure: SaveFailure | null;
  /** the same, at once (a ref): for a save that decides whether to send itself again */
  lastSaveFailure(): SaveFailure | null;
  /** a step (or a part of one, by key) reports edits not saved yet */
  setDirty(key: string, dirty: boolean): void;
  dirty: boolean;
  /**
   * a part that saves by itself (useAutosave) reports edits waiting for their save: the save
   * counter shows them as saving, and they are no reason to ask before leaving (they save anyway)
   */
  setPending(key: string, pending: boolean): void;
  pending: boolean;
}

/** The tooltip of a disabled control in a read-only builder (the page's banner says which case applies). */
export const READ_ONLY_REASON = "This package cannot be changed";

const BuilderContext = createContext<BuilderContextValue | null>(null);

export function useBuilder(): BuilderContextValue {
  const value = useContext(BuilderContext);
  if (!value) throw new Error("useBuilder outside the package builder");
  return value;
}

export function BuilderProvider(props: {
  organizationId: string;
  pkg: Package;
  readOnly: boolean;
  children: ReactNode;
}) {
  const [savesInProgress, setSaves] = useState(0);
  const [dirtyKeys, setDirtyKeys] = useState<ReadonlySet<string>>(new Set());
  const [pendingKeys, setPendingKeys] = useState<ReadonlySet<string>>(new Set());
  const [saveFailure, setSaveFailure] = useState<SaveFailure | null>(null);
  const failureRef = useRef<SaveFailure | null>(null);
  const mounted = useRef(true);

  const track = useCallback(<T,>(save: Promise<T>): Promise<T> => {
    setSaves((count) => count + 1);
    const done = (failure: SaveFailure | null) => {
      failureRef.current = failure;
      if (!mounted.current) return;
      setSaves((count) => count - 1);
      setSaveFailure(failure);
    };
    save.then(
      () => done(null),
      (error: unknown) => done(failureOf(error)),
    );
    return save;
  }, []);
  const lastSaveFailure = useCallback(() => failureRef.current, []);

  const setDirty = useCallback((key: string, dirty: boolean) => setDirtyKeys((keys) => toggled(keys, key, dirty)), []);
  const setPending = useCallback(
    (key: string, pending: boolean) => setPendingKeys((keys) => toggled(keys, key, pending)),
    [],
  );

  const value = useMemo<BuilderContextValue>(
    () => ({
      organizationId: props.organizationId,
      packageId: props.pkg.id,
      pkg: props.pkg,
      readOnly: props.readOnly,
      track,
      savesInProgress,
      saveFailure,
      lastSaveFailure,
      setDirty,
      dirty: dirtyKeys.size > 0,
      setPending,
      pending: pendingKeys.size > 0,
    }),
    [
      props.organizationId,
      props.pkg,
      props.readOnly,
      track,
      savesInProgress,
      saveFailure,
      lastSaveFailure,
      setDirty,
      dirtyKeys,
      setPending,
      pendingKeys,
    ],
  );
  return <BuilderContext.Provider value={value}>{props.children}</BuilderContext.Provider>;
}

function toggled(keys: ReadonlySet<string>, key: string, on: boolean): ReadonlySet<string> {
  if (keys.has(key) === on) return keys;
  const next = new Set(keys);
  if (on) next.add(key);
  else next.delete(key);
  return next;
}
