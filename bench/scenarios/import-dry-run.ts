import {
  CONFIGURATION_ITEM_LIMITS,
  DEFAULT_EMAIL_TEMPLATES,
  EMAIL_NOTIFICATION_EVENTS,
  EMAIL_TEMPLATE_KINDS,
  PERMISSION_NAMES,
  WEBHOOK_EVENT_TYPES,
} from "@signet/contract";
import {
  configurationManifest,
  createPrismaClient,
  grantRoles,
  readConfigurationArchive,
  writeConfigurationArchive,
} from "@signet/core";
import type { BenchOptions } from "../lib/bench-options.ts";
import type { Goal } from "../lib/goals.ts";
import { measureLoop } from "../lib/measure-loop.ts";
import type { LoadSettings, Measurement, Target } from "../lib/measurement.ts";
import { prepareApiOrganization } from "../lib/prepare-api-organization.ts";
import { signIn } from "../lib/sign-in.ts";
import { startChildServer } from "../lib/start-child-server.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

// Issue 30 §4: the dry run of the largest archive the item limits allow takes under 2 s. Every
// section the bench can fill by hand is at its limit, each item as large as its schema lets it name
// others: 5,000 groups nested 64 deep (the shape that was quadratic), together offering the
// 100,000 roles the limit allows (20 each, of 500 roles), 1,000 custom fields, 100 email templates in both languages, 200 notification rules of 20
// addresses, 100 webhooks, and the organization's own settings and branding. Document and package
// templates are left out: their cost is their PDFs' bytes, which the byte limits bound.

const DATABASE_NAME = "signet_bench_import";
const GOAL_MS = 2000;
const DEPTH = 64;
/** the most each of 5,000 groups may offer within the limit on the roles groups offer together */
const ROLES_PER_GROUP = CONFIGURATION_ITEM_LIMITS.groupRoles / CONFIGURATION_ITEM_LIMITS.groups;

const dryRunGoal: Goal = { text: `p50 ≤ ${GOAL_MS} ms`, met: (row) => row.p50Ms <= GOAL_MS };

function largestSections(): Record<string, unknown[]> {
  const limits = CONFIGURATION_ITEM_LIMITS;
  const roles = Array.from({ length: limits.roles }, (_, index) => ({
    name: `Role ${index}`,
    description: `Imported role number ${index}`,
    roleColor: "#1A2B3C",
    permissions: [...PERMISSION_NAMES],
  }));
  const groups = Array.from({ length: limits.groups }, (_, index) => {
    const top = index - (index % DEPTH);
    return {
      path: Array.from({ length: (index % DEPTH) + 1 }, (_, level) => `Branch ${top + level}`),
      description: `Branch office ${index}`,
      roles: Array.from({ length: ROLES_PER_GROUP }, (_, offset) => `Role ${(index + offset) % limits.roles}`),
    };
  });
  const customFields = Array.from({ length: limits.customFields }, (_, index) => ({
    customFieldId: `loanField${index}`,
    name: `Loan field ${index}`,
    description: null,
    scope: "PACKAGE",
    dataType: "TEXT",
    dateFormat: null,
    selectOptions: [],
    required: false,
    encrypted: false,
    archived: false,
    active: true,
    minRangeRealNumber: null,
    maxRangeRealNumber: null,
    minRangeWholeNumber: null,
    maxRangeWholeNumber: null,
    vaultMapping: null,
    defaultValue: null,
  }));
  const emailTemplates = Array.from({ length: limits.emailTemplates }, (_, index) => {
    const kind = EMAIL_TEMPLATE_KINDS[index % EMAIL_TEMPLATE_KINDS.length]!;
    return { kind, name: `Template ${index}`, isDefault: false, contents: DEFAULT_EMAIL_TEMPLATES[kind] };
  });
  const emailNotifications = Array.from({ length: limits.emailNotifications }, (_, index) => ({
    name: `Desk ${index}`,
    enabled: true,
    events: [...EMAIL_NOTIFICATION_EVENTS],
    notifySender: true,
    notifyPackageGroups: true,
    addresses: Array.from({ length: 20 }, (_, address) => `desk${index}-${address}@bank.example`),
  }));
  const webhooks = Array.from({ length: limits.webhooks }, (_, index) => ({
    url: `https://hooks${index}.bank.example/signet`,
    description: `Loan system ${index}`,
    eventTypes: [...WEBHOOK_EVENT_TYPES],
    enabled: true,
  }));
  return { roles, groups, customFields, emailTemplates, emailNotifications, webhooks };
}

async function largestArchive(exported: Buffer): Promise<Buffer> {
  const own = await readConfigurationArchive(exported);
  const collected = {
    sections: { settings: own.sections.settings ?? [], branding: own.sections.branding ?? [], ...largestSections() },
    files: own.files,
    facts: {},
  };
  const manifest = configurationManifest(collected, own.manifest.source, new Date());
  const chunks: Buffer[] = [];
  for await (const chunk of writeConfigurationArchive(manifest, collected)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function post(url: string, archive: Blob, headers: Record<string, string>) {
  const form = new FormData();
  form.set("archive", archive, "configuration.zip");
  const response = await fetch(url, { method: "POST", headers, body: form, signal: AbortSignal.timeout(120_000) });
  return { status: response.status, body: await response.text() };
}

function dryRunTarget(name: string, url: string, archive: Blob, headers: Record<string, string>) {
  return {
    name,
    async measure(load: LoadSettings): Promise<Measurement> {
      const measured = await measureLoop({ target: name, path: new URL(url).pathname }, load, async () => {
        const { status } = await post(url, archive, headers);
        return status;
      });
      return { ...measured, extra: { archiveKb: Math.round(archive.size / 1024) } };
    },
  } satisfies Pick<Target, "name" | "measure">;
}

export const importDryRunScenario: Scenario = {
  name: "import-dry-run",
  description:
    "POST …/configuration/import/dry-run of the largest archive the item limits allow (5,000 groups 64 deep " +
    "offering 20 of 500 roles each, 1,000 custom fields, 100 email templates, 200 rules, 100 webhooks) into " +
    "an organization of the access seed, one request at a time; against bare Fastify unpacking the same " +
    "archive and parsing its sections into maps (lib/import-baseline-server.ts).",
  connections: 1,

  async setup(options: BenchOptions): Promise<PreparedScenario> {
    const closers: (() => Promise<void>)[] = [];
    const close = async () => {
      for (const closer of closers.reverse()) await closer().catch(() => {});
    };
    try {
      const { api, seeded, databaseUrl, benchUserId } = await prepareApiOrganization(options, DATABASE_NAME);
      closers.push(api.stop);
      // importing needs MANAGE_ORG_IMPORT_EXPORT: the bench user administers Head Office here
      const db = createPrismaClient(databaseUrl, { max: 1 });
      try {
        const administrator = await db.role.findFirstOrThrow({
          where: { organizationId: seeded.organizationId, name: "Administrator" },
        });
        await grantRoles(db, {
          organizationId: seeded.organizationId,
          groupId: seeded.groupIds["Head Office"]!,
          userId: benchUserId,
          roleIds: [administrator.id],
        });
      } finally {
        await db.$disconnect();
      }
      const baseline = await startChildServer(
        new URL("../lib/import-baseline-server.ts", import.meta.url),
        {},
        "import baseline",
      );
      closers.push(baseline.stop);
      const headers = { authorization: `Bearer ${await signIn(api.url, seeded.benchUser)}` };
      const configuration = `${api.url}/api/v1/organizations/${seeded.organizationId}/configuration`;
      const exported = await fetch(`${configuration}/export`, { headers });
      if (!exported.ok) throw new Error(`The export answered ${exported.status}: ${await exported.text()}`);
      const archive = new Blob([new Uint8Array(await largestArchive(Buffer.from(await exported.arrayBuffer())))], {
        type: "application/zip",
      });
      const dryRunUrl = `${configuration}/import/dry-run`;
      const baselineUrl = `${baseline.url}/baseline/dry-run`;
      // one each before the load: both must take the archive, and the plan must list every item
      const first = await post(dryRunUrl, archive, headers);
      if (first.status !== 200) throw new Error(`The dry run answered ${first.status}: ${first.body.slice(0, 500)}`);
      const plan = JSON.parse(first.body) as { counts: Record<string, number> };
      const items = Object.values(plan.counts).reduce((sum, count) => sum + count, 0);
      if (plan.counts.CONFLICT !== 0 || items < CONFIGURATION_ITEM_LIMITS.groups)
        throw new Error(`The dry run listed ${JSON.stringify(plan.counts)}`);
      const baselineFirst = await post(baselineUrl, archive, {});
      if (baselineFirst.status !== 200) throw new Error(`The baseline answered ${baselineFirst.status}`);
      return {
        targets: [
          { ...dryRunTarget("api: import dry run, largest archive", dryRunUrl, archive, headers), goal: dryRunGoal },
          { ...dryRunTarget("baseline: unzip + JSON.parse into maps", baselineUrl, archive, {}), baseline: true },
        ],
        close,
      };
    } catch (error) {
      await close();
      throw error;
    }
  },
};
