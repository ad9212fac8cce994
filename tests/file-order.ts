// The order Vitest runs test files in, the same on every checkout. Vitest's own sequencer orders a
// project's files by what it cached in node_modules/.vite from earlier runs (failed first, then the
// longest) and, on a fresh clone, by file size: CI ran the API files in another order than a warm
// checkout, so a test that depends on an earlier file's leftovers could fail only there. A project
// that runs one file at a time (the API projects: fileParallelism false resolves to one worker)
// gains no time from the order, so its files go by path; a project with several workers (the unit
// project, whose files share nothing) keeps Vitest's order, the longest first.
import { BaseSequencer, type TestSpecification } from "vitest/node";

export default class FileOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const vitestOrder = await super.sort(files);
    const serial = (f: TestSpecification): boolean => f.project.config.maxWorkers === 1;
    const rank = new Map(vitestOrder.map((f, i) => [f, i]));
    return [...files].sort((a, b) => {
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      if (serial(a) && serial(b)) return a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0;
      return (rank.get(a) ?? 0) - (rank.get(b) ?? 0);
    });
  }
}
