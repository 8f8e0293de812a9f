import type { Target } from "./measurement.ts";

/** One request before the load: a target that does not answer 2xx would only measure its error path. */
export async function checkTarget(target: Target): Promise<void> {
  if (!target.url) return;
  const response = await fetch(target.url, {
    method: target.method ?? "GET",
    headers: target.headers ?? {},
    body: target.body,
    signal: AbortSignal.timeout(10_000),
  });
  const body = await response.text();
  if (!response.ok)
    throw new Error(`${target.name} answered ${response.status} before the load: ${body.slice(0, 300)}`);
}
