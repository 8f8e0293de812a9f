import { randomUUID } from "node:crypto";
import { openAsBlob } from "node:fs";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BenchOptions } from "../lib/bench-options.ts";
import { buildFixturePdf } from "../lib/build-fixture-pdf.ts";
import { sampleCpu } from "../lib/cpu-sampler.ts";
import { allOf, extraAtMost, ratioAtLeast } from "../lib/goals.ts";
import { measureLoop } from "../lib/measure-loop.ts";
import type { LoadSettings, Measurement, Target } from "../lib/measurement.ts";
import { prepareApiOrganization } from "../lib/prepare-api-organization.ts";
import { sampleRss } from "../lib/rss-sampler.ts";
import { signIn } from "../lib/sign-in.ts";
import { startChildServer } from "../lib/start-child-server.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

const DATABASE_NAME = "signet_bench_upload";
// under the default MAX_UPLOAD_BYTES (50 MiB) with room for the multipart envelope
const PDF_BYTES = 48 * 1024 * 1024;
const PAGES = 50;

let uploads = 0;
async function post(
  url: string,
  pdf: Blob,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const form = new FormData();
  // a package's document names are unique (409 otherwise): each upload has a file name of its own
  form.set("contents", pdf, `loan-file-${++uploads}.pdf`);
  const response = await fetch(url, { method: "POST", headers, body: form, signal: AbortSignal.timeout(120_000) });
  return { status: response.status, body: await response.text() };
}

/** Removes the complete files in `directory` (not a put's `.tmp` still being written). */
async function removeFilesIn(directory: string) {
  const names = await readdir(directory).catch(() => [] as string[]);
  await Promise.all(
    names.filter((name) => !name.endsWith(".tmp")).map((name) => rm(join(directory, name), { force: true })),
  );
}

/**
 * A target that uploads the PDF back to back and reports the server's RSS growth over the load.
 * `urlFor(connection)` gives each connection its own package: the uploads of one package take turns
 * on its version, and that is not what is measured.
 *
 * Once a server has answered 201, `removeStored` deletes the file it stored, for both targets
 * alike and in this process, so their CPU does not include it. Kept, the files would make each
 * side's writes dearer the more it wrote: on this kind of virtual machine, writing into memory the
 * kernel has not used before costs about 3× (a 48 MiB file written and synced: 55 ms of CPU while
 * old files are removed, 160–200 ms once gigabytes are kept), and the side that kept its files
 * paid it while the other did not.
 */
function uploadTarget(
  name: string,
  urlFor: (connection: number) => Promise<string>,
  pdf: Blob,
  pid: number,
  headers: Record<string, string>,
  removeStored: (url: string, answer: string) => Promise<void>,
): Pick<Target, "name" | "measure"> {
  return {
    name,
    async measure(load: LoadSettings): Promise<Measurement> {
      const urls = await Promise.all(Array.from({ length: load.connections }, (_, index) => urlFor(index)));
      // growth from the idle server (after one upload: code loaded) to the peak under the load
      const rss = sampleRss(pid);
      // the CPU each side spends per upload, the server's and this load generator's, over the measured part
      let cpu: { server: ReturnType<typeof sampleCpu>; client: NodeJS.CpuUsage } | null = null;
      const measured = await measureLoop(
        { target: name, path: new URL(urls[0]!).pathname },
        load,
        async (connection) => {
          const { status, body } = await post(urls[connection]!, pdf, headers);
          if (status === 201) await removeStored(urls[connection]!, body);
          return status;
        },
        () => {
          cpu = { server: sampleCpu(pid), client: process.cpuUsage() };
        },
      );
      const serverMs = cpu!.server.stop();
      const client = process.cpuUsage(cpu!.client);
      const { growthMb, peakMb } = rss.stop();
      const perUpload = (ms: number) => Math.round(ms / Math.max(1, measured.totalRequests));
      return {
        ...measured,
        extra: {
          rssGrowthMb: Math.round(growthMb),
          rssPeakMb: Math.round(peakMb),
          serverCpuMsPerUpload: perUpload(serverMs),
          clientCpuMsPerUpload: perUpload((client.user + client.system) / 1000),
        },
      };
    },
  };
}

export const upload50MbScenario: Scenario = {
  name: "upload-50mb",
  description:
    `A ${PDF_BYTES / 1024 / 1024} MiB, ${PAGES}-page PDF (real-world fixture pages, 16 photo-like images) uploaded to ` +
    "POST /api/v4/…/documents (sniff, hash, store, parse), against bare Fastify + @fastify/multipart " +
    "streaming the file to disk through SHA-256. The API runs in its own process; its RSS is sampled " +
    "during the load. 2 connections, 3× the duration (about 3 uploads a second).",
  connections: 2,
  durationScale: 3,

  async setup(options: BenchOptions): Promise<PreparedScenario> {
    const workDir = join(tmpdir(), `signet-bench-upload-${randomUUID()}`);
    await mkdir(workDir, { recursive: true });
    const closers: (() => Promise<void>)[] = [() => rm(workDir, { recursive: true, force: true })];
    const close = async () => {
      for (const closer of closers.reverse()) await closer().catch(() => {});
    };
    try {
      const pdfPath = join(workDir, "loan-file.pdf");
      await writeFile(pdfPath, await buildFixturePdf({ pages: PAGES, targetBytes: PDF_BYTES }));
      const pdf = await openAsBlob(pdfPath, { type: "application/pdf" });
      const dataDir = join(workDir, "data");
      const baselineDir = join(workDir, "baseline");
      const prepared = await prepareApiOrganization(options, DATABASE_NAME, { DATA_DIR: dataDir });
      closers.push(prepared.api.stop);
      const baseline = await startChildServer(
        new URL("../lib/upload-baseline-server.ts", import.meta.url),
        { BASELINE_UPLOAD_DIR: baselineDir },
        "upload baseline",
      );
      closers.push(baseline.stop);

      const { seeded, api } = prepared;
      const authorization = `Bearer ${await signIn(api.url, seeded.benchUser)}`;
      const organization = `${api.url}/api/v9/organizations/${seeded.organizationId}`;
      const uploadUrlFor = async (connection: number) => {
        const created = await fetch(`${organization}/packages`, {
          method: "POST",
          headers: { authorization, "content-type": "application/json" },
          body: JSON.stringify({ name: `Upload bench ${connection + 1}`, groupIds: [seeded.groupIds.Sales] }),
        });
        if (!created.ok) throw new Error(`Creating a package answered ${created.status}: ${await created.text()}`);
        const { id } = (await created.json()) as { id: string };
        return `${api.url}/api/v4/organizations/${seeded.organizationId}/packages/${id}/documents`;
      };
      // the API stores a package's documents under DATA_DIR/blobs/documents/{organization}/{package}/
      const removeApiStored = async (url: string) => {
        const packageId = /\/packages\/([^/]+)\/documents$/.exec(new URL(url).pathname)?.[1];
        if (!packageId) throw new Error(`No package in ${url}`);
        await removeFilesIn(join(dataDir, "blobs", "documents", seeded.organizationId, packageId));
      };
      const removeBaselineStored = async (_url: string, answer: string) => {
        await rm(join(baselineDir, (JSON.parse(answer) as { file: string }).file), { force: true });
      };
      const uploadUrl = await uploadUrlFor(0);
      const baselineUrl = `${baseline.url}/baseline/upload`;
      // one upload each before the load: both must accept the file, and the code paths are loaded
      for (const [url, headers] of [
        [uploadUrl, { authorization }],
        [baselineUrl, {}],
      ] as const) {
        const { status } = await post(url, pdf, headers);
        if (status !== 201) throw new Error(`${url} answered ${status} to the first upload`);
      }
      return {
        targets: [
          {
            ...uploadTarget("api: upload 48 MiB PDF", uploadUrlFor, pdf, api.pid, { authorization }, removeApiStored),
            goal: allOf(ratioAtLeast(0.8), extraAtMost("rssGrowthMb", 64, "MB")),
          },
          {
            ...uploadTarget(
              "baseline: multipart to disk + SHA-256",
              async () => baselineUrl,
              pdf,
              baseline.pid,
              {},
              removeBaselineStored,
            ),
            baseline: true,
          },
        ],
        close,
      };
    } catch (error) {
      await close();
      throw error;
    }
  },
};
