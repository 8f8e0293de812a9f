import { execFile } from "node:child_process";
import { access, mkdir, mkdtemp, rename, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const FIXTURES = fileURLToPath(new URL("../../fixtures/pdfs/", import.meta.url));
// the licensed real-world fixtures (fixtures/pdfs/README.md) with their page counts: pdfTeX text,
// a Google Docs page with a raster image (and its soft mask), a Qt page, a one-page pdfTeX file
const SOURCES: [file: string, pages: number][] = [
  ["pdflatex-4-pages.pdf", 4],
  ["google-doc-document.pdf", 1],
  ["pdfkit.pdf", 1],
  ["minimal-document.pdf", 1],
];

/**
 * A stand-in for a real-world document as a scanner or a DMS hands it over (issue 35 names a
 * 117-page one, which is not ours to commit): the fixtures' pages repeated round-robin to `pages`
 * pages, written by qpdf with object streams and cross-reference streams, so a reader must unpack
 * them as it would the real file. Each repetition keeps its own fonts, images and content streams
 * (about 2 MB for 117 pages), as the pages of a real file have theirs. Built once per machine into
 * the OS tmp dir, not committed.
 */
export async function buildRealWorldPdf(pages: number): Promise<string> {
  const file = join(tmpdir(), "signet-bench", `real-world-${pages}-pages.pdf`);
  if (
    await access(file).then(
      () => true,
      () => false,
    )
  )
    return file;
  await mkdir(join(tmpdir(), "signet-bench"), { recursive: true });
  const pool = SOURCES.flatMap(([name, count]) => Array.from({ length: count }, (_, index) => [name, index + 1]));
  // qpdf copies the objects of one input file once and shares them between the pages taken from
  // it: a link of its own per repetition makes each repetition a file of its own
  const links = await mkdtemp(join(tmpdir(), "signet-bench", "sources-"));
  try {
    const selection: string[] = [];
    for (let page = 0; page < pages; page++) {
      const [name, number] = pool[page % pool.length]!;
      const link = join(links, `${Math.floor(page / pool.length)}-${name}`);
      if (number === 1) await symlink(`${FIXTURES}${name}`, link);
      selection.push(link, String(number));
    }
    // written aside and renamed: a run stopped halfway leaves no truncated file to be reused
    const partial = `${file}.${process.pid}.partial`;
    const run = promisify(execFile);
    await run("qpdf", ["--empty", "--object-streams=generate", "--pages", ...selection, "--", partial]);
    const { stdout } = await run("qpdf", ["--show-npages", partial]);
    if (Number(stdout.trim()) !== pages) throw new Error(`qpdf wrote ${stdout.trim()} pages, not ${pages}`);
    await rename(partial, file);
    return file;
  } finally {
    await rm(links, { recursive: true, force: true });
  }
}
