// Profiling aid, not a scenario: runs the sealing bench's workload in a loop, interleaved with its
// baseline, and prints the mean CPU time of each step (CPU rather than wall time, so a busy machine
// skews the comparison less), so a CPU profile of it shows where a seal's time goes.
//   cd bench && node --import tsx lib/profile-sealing.ts [runs] [profile.cpuprofile]
// With a file name, the counted runs (not start-up, not the warm-up) are profiled into it.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { flattenDocument, renderCertificateOfCompletion, sealPdf } from "@signet/core";
import { CERTIFICATE, credentials, document, FILLS, sealOptions, stampPackage } from "./sealing-workload.ts";

const runs = Number(process.argv[2] ?? 20);
const profileFile = process.argv[3];
const session = new Session();
const steps = { flatten: 0, seal: 0, certificate: 0, sealCertificate: 0, baseline: 0 };
async function timed<T>(step: keyof typeof steps, work: () => Promise<T>): Promise<T> {
  const started = process.cpuUsage();
  const result = await work();
  const { user, system } = process.cpuUsage(started);
  steps[step] += (user + system) / 1000;
  return result;
}

for (let run = -1; run < runs; run++) {
  // run -1 warms up (font parse, JIT) and is not counted
  if (run === 0) {
    for (const step of Object.keys(steps) as (keyof typeof steps)[]) steps[step] = 0;
    if (profileFile) {
      session.connect();
      await session.post("Profiler.enable");
      await session.post("Profiler.start");
    }
  }
  const flat = await timed("flatten", () => flattenDocument(document, FILLS));
  await timed("seal", () => sealPdf(flat, credentials, sealOptions("Signed: Okafor refinance")));
  const certificate = await timed("certificate", () => renderCertificateOfCompletion(CERTIFICATE));
  await timed("sealCertificate", () => sealPdf(certificate, credentials, sealOptions("Certificate of completion")));
  await timed("baseline", stampPackage);
}
if (profileFile) {
  const { profile } = await session.post("Profiler.stop");
  writeFileSync(profileFile, JSON.stringify(profile));
}
const { baseline, ...seal } = steps;
const total = Object.values(seal).reduce((sum, time) => sum + time, 0);
const each = Object.entries(seal).map(([step, time]) => `${step} ${(time / runs).toFixed(1)}`);
console.log(`${runs} seals, ${(total / runs).toFixed(1)} ms CPU each: ${each.join(", ")}`);
console.log(`baseline stamp + save ${(baseline / runs).toFixed(1)} ms CPU: ratio ${(baseline / total).toFixed(2)}`);
