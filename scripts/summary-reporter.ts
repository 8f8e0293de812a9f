import type { Reporter, TestModule } from "vitest/node";

const SLOWEST_SHOWN = 12;

/**
 * Ends the run with how long each project's files ran (first start to last end: the browser journeys
 * run after the rest, so their span adds to the run), the slowest test files (the suite must stay
 * under its CI budget; this says where the time goes) and one plain line CI can read:
 * "Tests: N passed, N failed, N skipped".
 */
export default class SummaryReporter implements Reporter {
  private readonly spans = new Map<string, { start: number; end: number; files: number }>();

  onTestModuleStart(module: TestModule) {
    const name = module.project.name;
    const span = this.spans.get(name) ?? { start: Date.now(), end: Date.now(), files: 0 };
    this.spans.set(name, span);
  }

  onTestModuleEnd(module: TestModule) {
    const span = this.spans.get(module.project.name);
    if (!span) return;
    span.end = Date.now();
    span.files++;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed++;
        else if (state === "failed") counts.failed++;
        else counts.skipped++;
      }
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) counts.failed++;
    }
    process.stdout.write("\nProjects (first file's start to last file's end):\n");
    for (const [name, span] of this.spans) {
      const seconds = ((span.end - span.start) / 1000).toFixed(1);
      process.stdout.write(`  ${seconds.padStart(7)} s  ${name} (${span.files} files)\n`);
    }
    const slowest = testModules
      .map((module) => ({ file: module.relativeModuleId, seconds: module.diagnostic().duration / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST_SHOWN);
    process.stdout.write("\nSlowest test files (tests and hooks):\n");
    for (const { file, seconds } of slowest) process.stdout.write(`  ${seconds.toFixed(1).padStart(7)} s  ${file}\n`);
    process.stdout.write(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
