import type { HashJob } from '../cache/cached-hashing.js';
import type { SiteHashRequest, SiteHashResult } from '../pool/hash-file-sites.js';

/**
 * The hash questions a command asks of its anchored files, gathered per file so each file is
 * read and parsed once, each with where its answer goes. Answers come back in the order asked:
 * a file's second question after its first.
 */
export class SiteQuestions {
  readonly #byFile = new Map<string, { requests: SiteHashRequest[]; sinks: Array<(result: SiteHashResult) => void> }>();

  /** Asks `request` of `file`; `sink` receives its answer on {@link deliver}. */
  ask(file: string, request: SiteHashRequest, sink: (result: SiteHashResult) => void): void {
    let questions = this.#byFile.get(file);
    if (!questions) this.#byFile.set(file, (questions = { requests: [], sinks: [] }));
    questions.requests.push(request);
    questions.sinks.push(sink);
  }

  /** Whether any question was asked of `file` (workspace-relative POSIX). */
  asks(file: string): boolean {
    return this.#byFile.has(file);
  }

  /** One job per file asked about, in the order the files were first asked about. */
  jobs(): HashJob[] {
    return [...this.#byFile].map(([file, { requests }]) => ({ file, requests }));
  }

  /** Hands every answer to its sink; `answers` are per job of {@link jobs}, in request order. */
  deliver(answers: readonly (readonly SiteHashResult[])[]): void {
    [...this.#byFile.values()].forEach(({ sinks }, j) => answers[j]!.forEach((answer, k) => sinks[k]!(answer)));
  }
}
