import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Saves values by id as they are entered: debounced (text) or at once (choices), flushed on blur and
 * before finishing. Saves of one id run one after another, so the last value entered is the one stored.
 */
export function useSaveQueue(save: (id: string, value: string | null) => Promise<void>) {
  const saveRef = useRef(save);
  saveRef.current = save;
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const pending = useRef(new Map<string, string | null>());
  const chains = useRef(new Map<string, Promise<void>>());
  const [busy, setBusy] = useState(0);

  const run = useCallback((id: string): Promise<void> => {
    const timer = timers.current.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(id);
    if (!pending.current.has(id)) return chains.current.get(id) ?? Promise.resolve();
    const value = pending.current.get(id) ?? null;
    pending.current.delete(id);
    setBusy((count) => count + 1);
    const next = (chains.current.get(id) ?? Promise.resolve())
      .then(() => saveRef.current(id, value))
      .catch(() => {})
      .finally(() => setBusy((count) => count - 1));
    chains.current.set(id, next);
    return next;
  }, []);

  const schedule = useCallback(
    (id: string, value: string | null, delay: number) => {
      pending.current.set(id, value);
      const timer = timers.current.get(id);
      if (timer !== undefined) clearTimeout(timer);
      if (delay <= 0) void run(id);
      else
        timers.current.set(
          id,
          setTimeout(() => void run(id), delay),
        );
    },
    [run],
  );

  const flush = useCallback((id: string) => run(id), [run]);

  const flushAll = useCallback(async () => {
    await Promise.all([...pending.current.keys()].map((id) => run(id)));
    await Promise.all(chains.current.values());
  }, [run]);

  const isPending = useCallback((id: string) => pending.current.has(id), []);

  // leaving the page with unsaved text: save it now
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const [id, timer] of all) {
        clearTimeout(timer);
        void run(id);
      }
    };
  }, [run]);

  return { schedule, flush, flushAll, isPending, saving: busy > 0 };
}
