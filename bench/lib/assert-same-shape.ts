import type { Target } from "./measurement.ts";

/**
 * Every key path of a JSON value: object keys, and through arrays their first element ("records[].id").
 * Two answers with the same paths have the same fields at every level the first records show.
 */
function keyPaths(value: unknown, prefix = "", into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    if (value.length > 0) keyPaths(value[0], `${prefix}[]`, into);
  } else if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      into.add(path);
      keyPaths(child, path, into);
    }
  }
  return into;
}

export async function answerOf(target: Target): Promise<unknown> {
  if (!target.url) throw new Error(`${target.name} has no URL to compare`);
  const response = await fetch(target.url, {
    method: target.method ?? "GET",
    headers: target.headers ?? {},
    body: target.body,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${target.name} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** The fields one answer has and the other lacks, in words; null when both have the same key paths. */
export async function shapeDifference(api: Target, baseline: Target): Promise<string | null> {
  const [apiPaths, baselinePaths] = [keyPaths(await answerOf(api)), keyPaths(await answerOf(baseline))];
  const onlyApi = [...apiPaths].filter((path) => !baselinePaths.has(path));
  const onlyBaseline = [...baselinePaths].filter((path) => !apiPaths.has(path));
  if (onlyApi.length === 0 && onlyBaseline.length === 0) return null;
  return (
    `${baseline.name} does not answer as ${api.name} does: only the API has [${onlyApi.join(", ")}], ` +
    `only the baseline has [${onlyBaseline.join(", ")}]`
  );
}

/**
 * A baseline must answer what the API answers, or the ratio compares different work: throws, naming
 * the fields one has and the other lacks, when the two answers' key paths differ (first records
 * included). Arrays must be both empty or both not.
 */
export async function assertSameShape(api: Target, baseline: Target): Promise<void> {
  const difference = await shapeDifference(api, baseline);
  if (difference) throw new Error(difference);
}

/** For answers that must agree in value too (counts): throws unless both JSON answers are equal. */
export async function assertSameAnswer(api: Target, baseline: Target, pick: (answer: never) => unknown = (a) => a) {
  const [fromApi, fromBaseline] = [
    JSON.stringify(pick((await answerOf(api)) as never)),
    JSON.stringify(pick((await answerOf(baseline)) as never)),
  ];
  if (fromApi !== fromBaseline)
    throw new Error(
      `${baseline.name} answers ${fromBaseline.slice(0, 300)} where ${api.name} answers ${fromApi.slice(0, 300)}`,
    );
}
