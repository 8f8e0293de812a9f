import type { SigningStage } from "@signet/contract";
import { requireLiveAvSession } from "../av-session/av-signing-gate.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { loadSigningPackage, type SigningContext } from "./signing-context.ts";
import { requireStage, type StageFacts, signingStage } from "./signing-stage.ts";

type Tx = Prisma.TransactionClient;

/**
 * One participant write in one transaction. The package row is share-locked first, so a cancel,
 * correction or another participant's finish (which update it) waits for this write or runs
 * before it — never half-way — and the stage is decided again inside the transaction from fresh
 * rows: a package changed while the session was open is refused, with nothing applied.
 */
export async function signingWrite<T>(
  context: SigningContext,
  deps: CoreDeps,
  allowed: readonly SigningStage[],
  write: (tx: Tx, fresh: SigningContext, facts: StageFacts) => Promise<T>,
  options: { lock?: "share" | "update" } = {},
): Promise<T> {
  return deps.db.$transaction(
    async (tx) => {
      if (options.lock === "update") {
        await tx.$executeRaw`SELECT 1 FROM "Package" WHERE id = ${context.pkg.id}::uuid FOR UPDATE`;
      } else {
        await tx.$executeRaw`SELECT 1 FROM "Package" WHERE id = ${context.pkg.id}::uuid FOR SHARE`;
      }
      const pkg = await loadSigningPackage(tx, context.pkg.id);
      const participant = await tx.participant.findUnique({ where: { id: context.participant.id } });
      const session = await tx.signingSession.findUnique({ where: { id: context.session.id } });
      if (!pkg || !participant || !session) throw new AppError("SIGNING_SESSION_ENDED");
      const fresh: SigningContext = { ...context, pkg, participant, session };
      const facts = await signingStage(tx, fresh);
      requireStage(facts, allowed);
      // signing proper (not consent, decline or withdrawal) waits for the host's live A/V session
      if (facts.stage === "SIGN" && allowed.length === 1) await requireLiveAvSession(tx, fresh);
      return write(tx, fresh, facts);
    },
    { timeout: 30_000 },
  );
}
