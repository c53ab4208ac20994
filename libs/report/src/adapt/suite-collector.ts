import type { ReportCase, ReportSuite } from '../model/report-model.js';

/** Suites in first-seen order, each with its cases in the order added. */
export class SuiteCollector {
  readonly #suites = new Map<string, ReportCase[]>();

  /** Creates the suite if it does not exist yet (keeps workspace order for empty suites). */
  ensure(name: string): ReportCase[] {
    let cases = this.#suites.get(name);
    if (cases === undefined) this.#suites.set(name, (cases = []));
    return cases;
  }

  add(name: string, testCase: ReportCase): void {
    this.ensure(name).push(testCase);
  }

  suites(): ReportSuite[] {
    return [...this.#suites].map(([name, cases]) => ({ name, cases }));
  }
}
