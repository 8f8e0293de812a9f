export type Ready = (output: string) => Promise<boolean>;
export type App = "api" | "worker";

export interface StartSpec {
  args: string[];
  env: Record<string, string>;
  ready: Ready;
  cwd?: string;
}

export interface StartMeasurement {
  startMs: number;
  startCpuMs: number;
  rssMb: number;
}

export const repositoryRoot: string;
export const runModes: Record<"sources (tsx)" | "compiled", { loader: string[]; api: string; worker: string }>;
export function freePort(): Promise<number>;
export function rssMegabytes(pid: number): Promise<number>;
export function cpuMilliseconds(pid: number): Promise<number>;
export function answersReady(port: number): Ready;
export function printed(text: string): Ready;
export function startOf(app: App, mode: keyof typeof runModes, env: Record<string, string>): Promise<StartSpec>;
export function measureStart(spec: StartSpec & { idleMs: number }): Promise<StartMeasurement>;
export function median(values: number[]): number;
