import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { formatTimings, type TimingsReport } from './timings-format';

/** Where the last run's timings are kept for `npm run test:timings`. */
export const TIMINGS_FILE = path.resolve(import.meta.dirname, '../../test-results/timings.json');

/**
 * Records each test file's time (its imports, hooks and waits as well as its tests' own
 * durations) and when it ended, writes them to
 * test-results/timings.json and prints the slowest files after every full run, so CI's log
 * shows where the time went.
 */
export default class TimingsReporter implements Reporter {
  private readonly files: TimingsReport['files'] = [];
  private runStarted = Date.now();

  onTestRunStart() {
    this.runStarted = Date.now();
  }

  onTestModuleEnd(testModule: TestModule) {
    const end = Date.now() - this.runStarted;
    const d = testModule.diagnostic();
    // Import (collect) time is most of a small file's cost: it counts.
    const importMs = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration;
    this.files.push({
      project: testModule.project.name,
      file: path.relative(process.cwd(), testModule.moduleId),
      start: Math.max(0, end - importMs - d.duration),
      end,
      importMs: Math.round(importMs),
      tests: [...testModule.children.allTests()].length,
    });
  }

  onTestRunEnd() {
    if (this.files.length === 0) return;
    const report: TimingsReport = { wallMs: Date.now() - this.runStarted, files: this.files };
    fs.mkdirSync(path.dirname(TIMINGS_FILE), { recursive: true });
    fs.writeFileSync(TIMINGS_FILE, `${JSON.stringify(report, null, 2)}\n`);
    // A run of a few files (a developer's) needs no table; a full run (CI's) does.
    if (this.files.length >= 20) process.stdout.write(`\n${formatTimings(report, 20)}\n`);
  }
}
