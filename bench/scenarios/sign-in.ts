import type { BenchOptions } from "../lib/bench-options.ts";
import { ratioAtLeast } from "../lib/goals.ts";
import { prepareApiOrganization } from "../lib/prepare-api-organization.ts";
import { startChildServer } from "../lib/start-child-server.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

const DATABASE_NAME = "signet_bench_sign_in";

export const signInScenario: Scenario = {
  name: "sign-in",
  description:
    "Password sign-in, POST /cas/oauth/token (grant_type=password, the right password: no lockout; the login " +
    "rate limit lifted), against bare Fastify doing one argon2id verify of the same stored hash with the same " +
    "library and parameters. 10 connections, the issue's default: throughput, with argon2 keeping both cores " +
    "busy on either side (at 2 connections the measure is one sign-in's latency: its statements wait beside " +
    "the other connection's argon2, and the ratio reads about 0.6). The two take turns, 5 × 2 s each: the " +
    "ratio of 30 s runs one after the other moved from 0.76 to 0.84 with the machine's speed.",
  connections: 10,
  rounds: 5,

  async setup(options: BenchOptions): Promise<PreparedScenario> {
    const prepared = await prepareApiOrganization(options, DATABASE_NAME);
    const closers: (() => Promise<void>)[] = [prepared.api.stop];
    const close = async () => {
      for (const closer of closers.reverse()) await closer().catch(() => {});
    };
    try {
      const baseline = await startChildServer(
        new URL("../lib/argon2-baseline-server.ts", import.meta.url),
        { BASELINE_PASSWORD_HASH: prepared.passwordHash },
        "argon2 baseline",
      );
      closers.push(baseline.stop);
      const { email, password } = prepared.seeded.benchUser;
      const body = new URLSearchParams({
        grant_type: "password",
        client_id: "signet-web",
        username: email,
        password,
      }).toString();
      const form = { "content-type": "application/x-www-form-urlencoded" };
      return {
        targets: [
          {
            name: "api: password sign-in",
            url: `${prepared.api.url}/cas/oauth/token`,
            method: "POST",
            headers: form,
            body,
            goal: ratioAtLeast(0.8),
          },
          {
            name: "baseline: argon2 verify",
            url: `${baseline.url}/baseline/sign-in`,
            method: "POST",
            headers: form,
            body,
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
