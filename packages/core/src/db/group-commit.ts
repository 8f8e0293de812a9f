/**
 * Group commit: while one statement is on its way, the rows handed in meanwhile gather and go
 * together in the next, one statement and one commit (one WAL flush) for all of them; a row never
 * waits when nothing else is being written. Every caller learns its own row's fate: when a statement
 * fails, its rows are written again one by one, so a row PostgreSQL refuses fails alone.
 */
export function groupCommit<Row>(write: (rows: Row[]) => Promise<unknown>, maxRows: number) {
  const queued: { row: Row; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let writing = false;
  const drain = async () => {
    writing = true;
    while (queued.length > 0) {
      const batch = queued.splice(0, maxRows);
      try {
        await write(batch.map((entry) => entry.row));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        else await Promise.all(batch.map((entry) => write([entry.row]).then(entry.resolve, entry.reject)));
      }
    }
    writing = false;
  };
  return (row: Row) =>
    new Promise<void>((resolve, reject) => {
      queued.push({ row, resolve, reject });
      if (!writing) void drain();
    });
}
