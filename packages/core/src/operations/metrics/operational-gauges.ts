import { EDEPOSIT_FAILURE_STATUSES } from "@signet/contract";
import { Gauge, type Registry } from "prom-client";
import type { Db } from "../../db/prisma-client.ts";
import { UNSEALED_GRACE_MS } from "../../scheduling/run-due-package-transitions.ts";

/**
 * The signals an operator pages on, read from the database at each scrape, so every API and worker
 * replica reports the same values (docs/operations/monitoring.md, ops/prometheus/alerts.yml).
 */
export function registerOperationalGauges(registry: Registry, db: Db) {
  const gauge = (name: string, help: string, read: () => Promise<number>) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(await read());
      },
    });
  gauge(
    "signet_outbox_pending",
    "Outbox rows not yet handed to a queue (a growing value means the relay or Redis is down)",
    () => db.outboxMessage.count({ where: { publishedAt: null } }),
  );
  gauge("signet_outbox_parked", "Outbox rows given up after repeated failures (need an operator)", () =>
    db.outboxMessage.count({ where: { publishedAt: { not: null }, processedAt: null, lastError: { not: null } } }),
  );
  gauge(
    "signet_outbox_lag_seconds",
    "Age of the oldest outbox row not yet processed (0 when none waits): how far behind the jobs are",
    async () => {
      const oldest = await db.outboxMessage.findFirst({
        where: { processedAt: null, OR: [{ lastError: null }, { publishedAt: null }] },
        orderBy: { createdAt: "asc" },
        select: { createdAt: true },
      });
      return oldest ? Math.max(0, (Date.now() - oldest.createdAt.getTime()) / 1000) : 0;
    },
  );
  gauge("signet_edeposits_failing", "Deposits whose last attempt failed (retrying or waiting for a manual retry)", () =>
    db.packageEDeposit.count({ where: { status: { in: [...EDEPOSIT_FAILURE_STATUSES] } } }),
  );
  gauge(
    "signet_webhook_endpoints_failing",
    "Enabled webhook endpoints whose latest events all failed, or that were suspended for failing",
    () =>
      db.webhookEndpoint.count({
        where: { enabled: true, OR: [{ failedEventStreak: { gt: 0 } }, { suspendedAt: { not: null } }] },
      }),
  );
  gauge(
    "signet_packages_unsealed",
    "Completed packages still without their seal past the grace period (sealing fails or is stuck)",
    () =>
      db.package.count({
        where: {
          status: { in: ["COMPLETED", "EDEPOSIT_PENDING", "EDEPOSITED"] },
          sealedAt: null,
          completedAt: { lte: new Date(Date.now() - UNSEALED_GRACE_MS) },
        },
      }),
  );
}
