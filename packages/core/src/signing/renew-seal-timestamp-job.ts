import { Readable } from "node:stream";
import type { JobContext } from "../jobs/job-context.ts";
import type { JobInput } from "../jobs/job-declarations.ts";
import { outboundFetch, outboundPolicy } from "../outbound/outbound-fetch.ts";
import { extendLongTerm } from "../sealing/index.ts";
import { readStream } from "./read-stream.ts";
import { sealLevelRecord } from "./seal-level-record.ts";

/**
 * Keeps an archived B-LTA seal verifiable (issue 32 §2): before the TSA certificate of its newest
 * timestamp expires, adds a DSS with fresh revocation data for everything the file relies on (the
 * last TSA's chain included) and a new document timestamp over it all. The seal certificate may
 * have been revoked or expired since: the earlier timestamps prove it was valid when it was used,
 * so a revoked signer does not stop the renewal. The renewed file is stored under a new key (copies
 * already handed out stay what they were, and the previous revision is kept); the artifact points
 * at it. Run again after it committed, it finds the artifact not due and does nothing.
 */
export const renewSealTimestampJob = {
  async handle(context: JobContext, job: JobInput<"seal.renew-timestamp">) {
    const { db, config } = context;
    const artifact = await db.sealedArtifact.findUnique({ where: { id: job.artifactId } });
    if (!artifact?.renewTimestampBy || artifact.renewTimestampBy.getTime() > Date.now()) return;
    if (!config.TSA_URL) {
      // retried with the job's policy: an operator who removed the TSA must restore one before
      // the last timestamp's certificate expires
      throw new Error(`Sealed artifact ${artifact.id} is due for a new timestamp but no TSA_URL is configured.`);
    }
    const current = await readStream(await context.storage.get(artifact.blobKey));
    const renewed = await extendLongTerm(current, {
      timestampUrl: config.TSA_URL,
      fetch: outboundFetch(outboundPolicy(config)),
      refuseRevokedSigner: false,
    });
    const record = sealLevelRecord(renewed);
    const key = `${artifact.blobKey.replace(/(-renewed-\d+)?\.pdf$/, "")}-renewed-${record.lastTimestampAt!.getTime()}.pdf`;
    const stored = await context.storage.put(key, Readable.from([Buffer.from(renewed.pdf)]));
    await db.sealedArtifact.update({
      where: { id: artifact.id },
      data: { blobKey: key, sha256: stored.sha256, sizeBytes: stored.size, ...record },
    });
  },
};
