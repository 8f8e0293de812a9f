// Relative links in the repository's Markdown: a link whose file was moved or renamed, or whose
// #anchor names a heading that no longer exists, fails scripts/doc-links.test.ts (part of the unit
// project), so the documentation cannot quietly point at nothing.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

export interface BrokenLink {
  /** the Markdown file holding the link, relative to the root, with / separators */
  file: string;
  line: number;
  target: string;
  reason: string;
}

/** Folders that hold no documentation of ours: installed packages, build output, run data. */
const SKIPPED = new Set(["node_modules", ".git", "dist", "data", "test-results", ".vitest-cache"]);
/** Generated reports (gitignored): written by runs, not kept with the sources. */
const SKIPPED_PATHS = new Set(["bench/results"]);

const toPosix = (path: string) => path.split(sep).join("/");

/** Every Markdown file under root that people read with the sources, relative to root. */
export function documentationFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      const inRoot = toPosix(relative(root, path));
      if (SKIPPED.has(name) || SKIPPED_PATHS.has(inRoot)) continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".md")) files.push(inRoot);
    }
  };
  walk(root);
  return files;
}

/** The text with fenced code blocks blanked out, line breaks kept so that line numbers hold. */
function withoutFences(markdown: string): string {
  let fence: string | null = null;
  const lines = markdown.split("\n").map((line) => {
    const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence === null && opening) {
      fence = opening[1]!;
      return "";
    }
    if (fence !== null) {
      if (line.trim().startsWith(fence)) fence = null;
      return "";
    }
    return line;
  });
  return lines.join("\n");
}

/** Without fenced or inline code: a link written inside code is an example, not a link. */
const withoutCode = (markdown: string) =>
  withoutFences(markdown).replace(/(`+)[^`\n]*?\1/g, (code) => " ".repeat(code.length));

/** Link and image targets, reference definitions and HTML src/href values, with their lines. */
export function linkTargets(markdown: string): { target: string; line: number }[] {
  const text = withoutCode(markdown);
  const found: { target: string; line: number }[] = [];
  const lineAt = (index: number) => text.slice(0, index).split("\n").length;
  const add = (raw: string, index: number) => {
    const target = raw.startsWith("<") && raw.endsWith(">") ? raw.slice(1, -1) : raw;
    found.push({ target, line: lineAt(index) });
  };
  // [text](target "title") and ![alt](target); the text may hold one level of brackets (an image)
  for (const match of text.matchAll(/\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g)) {
    add(match[1]!, match.index);
  }
  // [label]: target
  for (const match of text.matchAll(/^ {0,3}\[[^\]\n]+\]:[ \t]*(<[^>\n]*>|\S+)/gm)) add(match[1]!, match.index);
  for (const match of text.matchAll(/<(?:a|img)\b[^>]*?\b(?:href|src)="([^"]+)"/gi)) add(match[1]!, match.index);
  return found.sort((a, b) => a.line - b.line);
}

/**
 * The anchor GitHub gives a heading: its text as rendered (code, emphasis and link syntax gone),
 * lower-cased, punctuation and symbols dropped, each space a hyphen.
 */
export function githubSlug(heading: string): string {
  const text = heading
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/[`*]/g, "")
    // _emphasis_ loses its underscores; snake_case keeps them
    .replace(/(^|[^\p{L}\p{N}_])_+([^_]+?)_+(?=[^\p{L}\p{N}_]|$)/gu, "$1$2");
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors a Markdown file offers: one per heading (repeats numbered as GitHub does), and HTML ids. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(markdown).split("\n")) {
    const heading = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (heading) {
      const slug = githubSlug(heading[1]!);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const match of line.matchAll(/<a\b[^>]*?\b(?:name|id)="([^"]+)"/gi)) anchors.add(match[1]!);
  }
  return anchors;
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** Every relative link in `files` (relative to root) whose file or heading is not there. */
export function findBrokenLinks(root: string, files: string[] = documentationFiles(root)): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const anchorCache = new Map<string, Set<string>>();
  for (const file of files) {
    const markdown = readFileSync(join(root, file), "utf8");
    for (const { target, line } of linkTargets(markdown)) {
      // another site, a mail address, or a place in this same page
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#") || target.startsWith("//")) continue;
      const hash = target.indexOf("#");
      const pathPart = decode((hash < 0 ? target : target.slice(0, hash)).split("?")[0]!);
      const anchor = hash < 0 ? null : decode(target.slice(hash + 1));
      // GitHub reads a leading slash from the repository's root
      const path = pathPart.startsWith("/") ? join(root, pathPart) : resolve(dirname(join(root, file)), pathPart);
      const report = (reason: string) => broken.push({ file, line, target, reason });
      if (
        !toPosix(relative(root, path))
          .split("/")
          .every((part) => part !== "..")
      ) {
        report("it leads out of the repository");
      } else if (!existsSync(path)) {
        report(`${toPosix(relative(root, path))} does not exist`);
      } else if (anchor && path.endsWith(".md") && statSync(path).isFile()) {
        let anchors = anchorCache.get(path);
        if (!anchors) {
          anchors = anchorsOf(readFileSync(path, "utf8"));
          anchorCache.set(path, anchors);
        }
        if (!anchors.has(anchor)) report(`${toPosix(relative(root, path))} has no heading #${anchor}`);
      }
    }
  }
  return broken;
}

export const describeBrokenLink = (link: BrokenLink) => `${link.file}:${link.line}: (${link.target}): ${link.reason}`;
