/** A started reference service: where it answers, and how to stop it. */
export interface RunningService {
  url: string;
  close(): Promise<void>;
}

/** The service's settings from its environment variables, all named `<PREFIX>_…`. */
export interface ServiceSettings {
  port: number;
  host: string;
  /** `<PREFIX>_NAME`, or undefined when unset or empty */
  text(name: string): string | undefined;
  /** `<PREFIX>_NAME` is "1" */
  flag(name: string): boolean;
  /** `<PREFIX>_NAME` as a positive number, or undefined when unset */
  positive(name: string): number | undefined;
  /** `<PREFIX>_CLIENTS`: "id:secret[,id:secret]", required */
  clients(): { clientId: string; clientSecret: string }[];
}

function settingsOf(prefix: string, defaultPort: number, env: NodeJS.ProcessEnv): ServiceSettings {
  const text = (name: string) => env[`${prefix}_${name}`] || undefined;
  const port = Number(text("PORT") ?? defaultPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${prefix}_PORT must be a port number.`);
  return {
    port,
    host: text("HOST") ?? "127.0.0.1",
    text,
    flag: (name) => text(name) === "1",
    positive(name) {
      const raw = text(name);
      if (raw === undefined) return undefined;
      const value = Number(raw);
      if (!Number.isFinite(value) || value <= 0) throw new Error(`${prefix}_${name} must be a positive number.`);
      return value;
    },
    clients() {
      const raw = text("CLIENTS");
      if (!raw?.trim()) throw new Error(`Set ${prefix}_CLIENTS to "id:secret[,id:secret]".`);
      return raw.split(",").map((pair) => {
        const colon = pair.indexOf(":");
        const clientId = pair.slice(0, colon).trim();
        const clientSecret = pair.slice(colon + 1).trim();
        if (colon < 0 || !clientId || !clientSecret)
          throw new Error(`${prefix}_CLIENTS: "${pair}" is not "id:secret".`);
        return { clientId, clientSecret };
      });
    },
  };
}

/**
 * Runs a reference service as its own process: settings from `<PREFIX>_…` variables, one line
 * `<title> listening on <url>` on stdout once it accepts requests (what the tests that spawn it wait
 * for), a clean stop on SIGINT or SIGTERM, and a bad setting as one line on stderr with exit code 1.
 */
export async function runServiceProcess(
  title: string,
  prefix: string,
  defaultPort: number,
  start: (settings: ServiceSettings) => Promise<RunningService>,
): Promise<void> {
  try {
    const service = await start(settingsOf(prefix, defaultPort, process.env));
    process.stdout.write(`${title} listening on ${service.url}\n`);
    const shutdown = async () => {
      await service.close();
      process.exit(0);
    };
    process.once("SIGINT", () => void shutdown());
    process.once("SIGTERM", () => void shutdown());
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
