import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { promisify } from "node:util";

const run = promisify(execFile);
const ip = (...args: string[]) => run("ip", args);

/** One test host: a network namespace of its own, with one address on the test network. */
export interface TestHost {
  name: string;
  /** the host's address, where what it listens on is reached */
  address: string;
  /** runs a command inside the host's namespace: spawn(command[0], [...command.slice(1), ...]) */
  command(executable: string, ...args: string[]): [string, string[]];
}

export interface TestNetwork {
  /** the machine's own address on the network: services of the test are reached there */
  gateway: string;
  hosts: TestHost[];
  /**
   * Makes a service the test runs on loopback (PostgreSQL, Redis, S3, SMTP…) reachable from the
   * hosts at gateway:port, as a service on another machine would be. Answers that address.
   */
  expose(loopbackPort: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * Hosts that share nothing but a network (issue 31 §2): each a network namespace (`ip netns`, needs
 * root) with a veth pair on one bridge, so they reach each other and the machine only by address,
 * never through loopback. Names and the /24 are random, so test files running at once do not meet.
 */
export async function createTestNetwork(count: number): Promise<TestNetwork> {
  const id = randomBytes(3).toString("hex");
  const subnet = `10.${200 + (randomBytes(1)[0]! % 50)}.${randomBytes(1)[0]!}`;
  const bridge = `sgb${id}`;
  const gateway = `${subnet}.1`;
  const namespaces: string[] = [];
  const relays: Server[] = [];
  const close = async () => {
    for (const relay of relays) await new Promise((resolve) => relay.close(resolve));
    for (const namespace of namespaces) await ip("netns", "del", namespace).catch(() => {});
    await ip("link", "del", bridge).catch(() => {});
  };
  try {
    await ip("link", "add", bridge, "type", "bridge");
    await ip("addr", "add", `${gateway}/24`, "dev", bridge);
    await ip("link", "set", bridge, "up");
    const hosts: TestHost[] = [];
    for (let index = 0; index < count; index++) {
      const namespace = `signet-${id}-${index}`;
      const [outside, inside] = [`sg${id}${index}o`, `sg${id}${index}i`];
      await ip("netns", "add", namespace);
      namespaces.push(namespace);
      await ip("link", "add", outside, "type", "veth", "peer", "name", inside);
      await ip("link", "set", outside, "master", bridge, "up");
      await ip("link", "set", inside, "netns", namespace);
      const address = `${subnet}.${10 + index}`;
      await ip("netns", "exec", namespace, "ip", "addr", "add", `${address}/24`, "dev", inside);
      await ip("netns", "exec", namespace, "ip", "link", "set", inside, "up");
      await ip("netns", "exec", namespace, "ip", "link", "set", "lo", "up");
      hosts.push({
        name: namespace,
        address,
        command: (executable, ...args) => ["ip", ["netns", "exec", namespace, executable, ...args]],
      });
    }
    return {
      gateway,
      hosts,
      async expose(loopbackPort) {
        const relay = createServer((client: Socket) => {
          const upstream = createConnection({ host: "127.0.0.1", port: loopbackPort });
          client.pipe(upstream).pipe(client);
          const end = () => {
            client.destroy();
            upstream.destroy();
          };
          client.on("error", end).on("close", end);
          upstream.on("error", end).on("close", end);
        });
        await new Promise<void>((resolve, reject) => relay.once("error", reject).listen(0, gateway, resolve));
        relays.push(relay);
        const { port } = relay.address() as { port: number };
        return `${gateway}:${port}`;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
