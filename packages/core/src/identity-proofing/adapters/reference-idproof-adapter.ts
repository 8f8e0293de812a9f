// The adapter for Signet's reference identity-proofing provider (apps/idproof, protocol in its
// README): OAuth 2.0 client credentials, then three JSON calls. A vendor adapter has the same
// shape: translate each call, map each failure to an IdentityProofingError.
import { createHash } from "node:crypto";
import type { IdentityDetails, OutboundPolicy } from "@signet/contract";
import { outboundFetch } from "../../outbound/outbound-fetch.ts";
import {
  type IdentityCheck,
  type IdentityProofingAdapter,
  type IdentityProofingConnection,
  IdentityProofingError,
  type ProviderQuiz,
} from "../provider-adapter.ts";

export interface ReferenceIdProofingAdapterOptions {
  /** how long one HTTP call may take before it counts as a timeout; default 15000 */
  timeoutMs?: number;
  /** the installation's outbound policy (OUTBOUND_ALLOWED_HOSTS); default: public HTTPS only */
  policy?: OutboundPolicy;
}

const TOKEN_MARGIN_MS = 60_000;
const tokens = new Map<string, { accessToken: string; expiresAt: number }>();
const tokenKey = (connection: IdentityProofingConnection) =>
  `${connection.url}\n${connection.clientId}\n${createHash("sha256").update(connection.clientSecret).digest("hex")}`;

export function referenceIdProofingAdapter(options: ReferenceIdProofingAdapterOptions = {}): IdentityProofingAdapter {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const fetch = outboundFetch(options.policy ?? { allowedHosts: [] });

  async function send(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw transportError(url, error);
    }
  }

  async function readJson(url: URL, response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch (error) {
      const name = (error as { name?: string } | null)?.name;
      if (name === "TimeoutError" || name === "AbortError") throw transportError(url, error);
      throw new IdentityProofingError("server", "The identity provider answered with something other than JSON.");
    }
  }

  async function accessToken(connection: IdentityProofingConnection): Promise<string> {
    const key = tokenKey(connection);
    const cached = tokens.get(key);
    if (cached && cached.expiresAt - TOKEN_MARGIN_MS > Date.now()) return cached.accessToken;
    tokens.delete(key);
    const basic = Buffer.from(
      `${encodeURIComponent(connection.clientId)}:${encodeURIComponent(connection.clientSecret)}`,
    ).toString("base64");
    const url = endpoint(connection, "oauth/token");
    const response = await send(url, {
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
    });
    if (response.status === 401) {
      await response.body?.cancel();
      throw new IdentityProofingError("auth", "The identity provider refused the client ID or secret.", 401);
    }
    if (!response.ok) throw await answerError(response);
    const answer = (await readJson(url, response)) as { access_token?: unknown; expires_in?: unknown };
    if (typeof answer.access_token !== "string") {
      throw new IdentityProofingError("server", "The identity provider gave no access token.", response.status);
    }
    const lifetime = typeof answer.expires_in === "number" ? answer.expires_in : 300;
    tokens.set(key, { accessToken: answer.access_token, expiresAt: Date.now() + lifetime * 1000 });
    return answer.access_token;
  }

  /** One authenticated JSON POST; a 401 (token expired, provider restarted) gets one new token and one retry. */
  async function post(connection: IdentityProofingConnection, path: string, json: unknown): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      const token = await accessToken(connection);
      const url = endpoint(connection, path);
      const response = await send(url, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(json),
      });
      if (response.status === 401) {
        await response.body?.cancel();
        tokens.delete(tokenKey(connection));
        if (attempt < 2) continue;
        throw new IdentityProofingError("auth", "The identity provider refused Signet's access token twice.", 401);
      }
      if (!response.ok) throw await answerError(response);
      return readJson(url, response);
    }
  }

  return {
    async checkIdentity(connection, details: IdentityDetails): Promise<IdentityCheck> {
      const answer = (await post(connection, "identity-checks", details)) as { result?: unknown; reference?: unknown };
      if (answer.result === "match" && typeof answer.reference === "string") {
        return { matched: true, reference: answer.reference };
      }
      if (answer.result === "no-match") return { matched: false };
      throw new IdentityProofingError(
        "server",
        "The identity provider's answer to the identity check was not understood.",
      );
    },
    async startQuiz(connection, reference): Promise<ProviderQuiz> {
      const answer = (await post(connection, "quizzes", { reference })) as Partial<ProviderQuiz>;
      if (typeof answer.quizId !== "string" || !Array.isArray(answer.questions)) {
        throw new IdentityProofingError("server", "The identity provider's quiz was not understood.");
      }
      return {
        quizId: answer.quizId,
        questions: answer.questions.map((question) => ({
          id: String(question.id),
          prompt: String(question.prompt),
          choices: question.choices.map((choice) => ({ id: String(choice.id), text: String(choice.text) })),
        })),
      };
    },
    async scoreQuiz(connection, quizId, answers) {
      const answer = (await post(connection, `quizzes/${encodeURIComponent(quizId)}/answers`, { answers })) as {
        correctCount?: unknown;
        questionCount?: unknown;
      };
      if (typeof answer.correctCount !== "number" || typeof answer.questionCount !== "number") {
        throw new IdentityProofingError("server", "The identity provider's score was not understood.");
      }
      return { correctCount: answer.correctCount, questionCount: answer.questionCount };
    },
  };
}

function endpoint(connection: IdentityProofingConnection, path: string): URL {
  const base = connection.url.endsWith("/") ? connection.url : `${connection.url}/`;
  return new URL(path, base);
}

function transportError(url: URL, error: unknown): IdentityProofingError {
  if (error instanceof IdentityProofingError) return error;
  const name = (error as { name?: string } | null)?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    return new IdentityProofingError("timeout", "The identity provider did not answer in time.");
  }
  return new IdentityProofingError("unreachable", `The identity provider at ${url.origin} could not be reached.`);
}

async function answerError(response: Response): Promise<IdentityProofingError> {
  let message = "";
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === "string") message = `: ${body.message}`;
  } catch {
    // no JSON error body: the status says enough
  }
  const kind = response.status >= 400 && response.status < 500 ? "refused" : "server";
  return new IdentityProofingError(
    kind,
    `The identity provider answered HTTP ${response.status}${message}`,
    response.status,
  );
}
