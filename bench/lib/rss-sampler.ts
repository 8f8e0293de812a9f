import { readFileSync } from "node:fs";

/** Resident set size of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`No VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

/** Samples a process's RSS every `intervalMs` until stopped; answers the start and the peak. */
export function sampleRss(pid: number, intervalMs = 50) {
  const startMb = rssMb(pid);
  let peakMb = startMb;
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid));
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      peakMb = Math.max(peakMb, rssMb(pid));
      return { startMb, peakMb, growthMb: peakMb - startMb };
    },
  };
}
