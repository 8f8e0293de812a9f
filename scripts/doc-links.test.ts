import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  anchorsOf,
  describeBrokenLink,
  documentationFiles,
  findBrokenLinks,
  githubSlug,
  linkTargets,
} from "./doc-links.ts";

const REPOSITORY = fileURLToPath(new URL("..", import.meta.url));

describe("the repository's documentation", () => {
  it("reads the READMEs, the changelog, the bench results and every page under docs/", () => {
    const files = documentationFiles(REPOSITORY);
    for (const file of ["README.md", "CHANGELOG.md", "bench/RESULTS.md", "docs/architecture.md"]) {
      expect(files).toContain(file);
    }
    expect(files).toContain("packages/client/README.md");
    expect(files).toContain("apps/evault/README.md");
    expect(files.filter((file) => file.startsWith("docs/guide/")).length).toBeGreaterThan(5);
    expect(files.some((file) => file.includes("node_modules"))).toBe(false);
  });

  it("has no relative link to a missing file or a missing heading", () => {
    expect(findBrokenLinks(REPOSITORY).map(describeBrokenLink)).toEqual([]);
  });
});

describe("findBrokenLinks", () => {
  const root = mkdtempSync(join(tmpdir(), "signet-doc-links-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write(
    "docs/guide/target.md",
    "# Target\n\n## Latest run (2026-11-25, 04:59 UTC, load ≈ 3)\n\n## Notes\n\n## Notes\n\n" +
      "## `pnpm bench` and _Status_\n\n## A/V eSign\n",
  );
  write("docs/screenshots/shot.png", "");

  it("names the file, the line and the link whose file does not exist", () => {
    write("docs/guide/broken.md", "# Broken\n\nSee [the old page](../old-page.md) for more.\n");
    expect(findBrokenLinks(root, ["docs/guide/broken.md"])).toEqual([
      { file: "docs/guide/broken.md", line: 3, target: "../old-page.md", reason: "docs/old-page.md does not exist" },
    ]);
  });

  it("finds images, reference definitions and HTML links as well as inline links", () => {
    write(
      "page.md",
      '![a shot](docs/screenshots/missing.png)\n\n[ref]: docs/gone.md\n\n<img src="docs/none.png">\n\n' +
        "[![a shot](docs/screenshots/shot.png)](docs/nowhere.md)\n",
    );
    expect(findBrokenLinks(root, ["page.md"]).map((link) => [link.line, link.target])).toEqual([
      [1, "docs/screenshots/missing.png"],
      [3, "docs/gone.md"],
      [5, "docs/none.png"],
      [7, "docs/nowhere.md"],
    ]);
  });

  it("checks an anchor into another Markdown file against its headings, as GitHub names them", () => {
    write(
      "docs/guide/anchors.md",
      [
        "[fine](target.md#latest-run-2026-11-25-0459-utc-load--3)",
        "[second of two](target.md#notes-1)",
        "[code and emphasis](target.md#pnpm-bench-and-status)",
        "[slash](target.md#av-esign)",
        "[gone](target.md#what-made-the-difference)",
        "[third of two](target.md#notes-2)",
      ].join("\n"),
    );
    expect(findBrokenLinks(root, ["docs/guide/anchors.md"]).map(describeBrokenLink)).toEqual([
      "docs/guide/anchors.md:5: (target.md#what-made-the-difference): docs/guide/target.md has no heading #what-made-the-difference",
      "docs/guide/anchors.md:6: (target.md#notes-2): docs/guide/target.md has no heading #notes-2",
    ]);
  });

  it("leaves out other sites, mail addresses, anchors in the same page and links inside code", () => {
    write(
      "docs/ignored.md",
      [
        "[site](https://example.com/missing.md) [plain](http://example.com) [mail](mailto:someone@example.com)",
        "[here](#nothing-checked) <https://example.com/autolink>",
        "`[inline](inline-code.md)`",
        "```md",
        "[fenced](fenced-code.md)",
        "```",
        "[fine](guide/target.md) [folder](screenshots/) [encoded](guide/target.md#a%2Fv-esign)",
      ].join("\n"),
    );
    expect(findBrokenLinks(root, ["docs/ignored.md"]).map(describeBrokenLink)).toEqual([
      // %2F decodes to "/", which is not in the slug: the link is wrong
      "docs/ignored.md:7: (guide/target.md#a%2Fv-esign): docs/guide/target.md has no heading #a/v-esign",
    ]);
  });

  it("refuses a link that climbs out of the repository", () => {
    write("README.md", "[outside](../elsewhere.md)\n");
    expect(findBrokenLinks(root, ["README.md"]).map((link) => link.reason)).toEqual(["it leads out of the repository"]);
  });
});

describe("githubSlug and anchorsOf", () => {
  it("lower-cases, drops punctuation and symbols, and makes each space a hyphen", () => {
    expect(githubSlug("Database and migrations (works offline)")).toBe("database-and-migrations-works-offline");
    expect(githubSlug("At 10× and 100×")).toBe("at-10-and-100");
    expect(githubSlug("[Linked](x.md) `code` **bold** _Status_ snake_case")).toBe("linked-code-bold-status-snake_case");
    expect(githubSlug("Zażółć – gęślą")).toBe("zażółć--gęślą");
  });

  it("numbers repeated headings and ignores headings inside code", () => {
    expect([...anchorsOf('# A\n\n## A\n\n```\n# B\n```\n<a name="kept"></a>\n')]).toEqual(["a", "a-1", "kept"]);
  });

  it("gives each link the line it is on", () => {
    expect(linkTargets('one\n\ntwo [x](a.md)\n[y](<b c.md> "title")')).toEqual([
      { target: "a.md", line: 3 },
      { target: "b c.md", line: 4 },
    ]);
  });
});
