import { readFileSync } from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on every Linux we run on). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // the fields after the command name, which may itself hold spaces and parentheses
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after the name
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** The CPU a process uses from now until stopped, in ms. */
export function sampleCpu(pid: number) {
  const start = cpuMs(pid);
  return { stop: () => cpuMs(pid) - start };
}
