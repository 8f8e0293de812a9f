import type { LongTermResult } from "../sealing/index.ts";

/**
 * How long before the newest timestamp's TSA certificate expires the renewal job adds the next
 * document timestamp: a year leaves room for a TSA that is down, a job queue that is stopped, and a
 * renewal that fails and is retried for weeks.
 */
export const TIMESTAMP_RENEWAL_MARGIN_MS = 365 * 24 * 60 * 60 * 1000;

/** The SealedArtifact columns that record a seal's PAdES level and when its timestamp is renewed. */
export function sealLevelRecord(result: LongTermResult) {
  const timestamp = result.timestamp;
  return {
    timestamped: timestamp !== null,
    padesLevel: result.level,
    lastTimestampAt: timestamp?.time ?? null,
    lastTimestampTsa: timestamp?.tsa ?? null,
    // only a B-LTA file is renewed: below it there is no document timestamp chain to extend
    renewTimestampBy:
      result.level === "B-LTA" && timestamp
        ? new Date(timestamp.tsaNotAfter.getTime() - TIMESTAMP_RENEWAL_MARGIN_MS)
        : null,
  };
}
