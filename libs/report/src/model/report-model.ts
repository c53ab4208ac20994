import type { Blame } from '@driftgate/surf';
import type { VerifyResult as BoundverVerifyResult } from '@driftgate/boundver';
import type { CheckResult, LintResult } from '@driftgate/surf';

/**
 * How one case ended. `failed` = the gate rejected it; `error` = it could not be evaluated
 * (unresolvable anchor, unreadable lock, digest error); `skipped` = not gated (a boundver facet
 * outside the policy, possibly with a non-gating observation).
 */
export type CaseStatus = 'passed' | 'failed' | 'error' | 'skipped';

/**
 * Severity of a case as the CI formats grade it, from its rule (and a boundver facet's grade),
 * never from a changed claim's advisory magnitude; `none` only for non-gating observations. SARIF does not use it for a gating case:
 * everything that fails the gate is a SARIF `error` (see `sarifLevel`).
 */
export type ReportLevel = 'error' | 'warning' | 'note' | 'none';

/**
 * A place in the repository. Lines are 1-based. Columns are 1-based UTF-16 code units as SARIF
 * counts them; `endColumn` is the column just after the last character (exclusive).
 */
export interface ReportLocation {
  /** Repository-relative POSIX path; never absolute. */
  readonly file: string;
  readonly startLine: number;
  readonly startColumn?: number;
  readonly endLine?: number;
  readonly endColumn?: number;
}

/** A secondary location with a short explanation (SARIF `relatedLocations`). */
export interface RelatedLocation {
  readonly location: ReportLocation;
  readonly message: string;
}

/**
 * One testcase / SARIF result. Every case becomes a JUnit testcase; a case with a `ruleId`
 * also becomes a SARIF result (passing surf claims and ungated facets without drift have none).
 * Text fields hold untrusted text as it came from the engines; each renderer makes it safe.
 */
export interface ReportCase {
  /** JUnit testcase name: the claim's `at:` display, a facet name, a finding's site. */
  readonly name: string;
  /** The suite a case belongs to: the hub path, the component name (JUnit derives its classname from it). */
  readonly className: string;
  readonly status: CaseStatus;
  /** Rule id from the tool's rule table; set for every case that is a finding. */
  readonly ruleId?: string;
  readonly level: ReportLevel;
  /** False for advisory results (lint warnings, non-gating observations): they never fail the gate. */
  readonly gating: boolean;
  /** One line: what is wrong (JUnit failure message, SARIF message first sentence). */
  readonly message: string;
  /** Supporting lines, `key: value` style (kind, hashes, magnitude, prose, `file:line`). */
  readonly details: readonly string[];
  /** Where to look first (the anchored span; else the hub line; else the lock file). */
  readonly location?: ReportLocation;
  readonly related: readonly RelatedLocation[];
  /**
   * Every anchored code span of a surf claim, in `at:` order, each with its site as the message
   * (multi-site claims too, where {@link location} is the hub line). SARIF puts its primary
   * location on the first span and lists the hub line and the other spans as related locations.
   */
  readonly spans?: readonly RelatedLocation[];
  /** Advisory size of a changed claim's change (git history); never gates (SARIF `properties.magnitude`). */
  readonly magnitude?: 'small' | 'medium' | 'large';
  /** Who changed a changed claim's code (git history; advisory). SARIF `properties.blame`. */
  readonly blame?: Blame;
  /** Stable identity across runs and line moves (hex); set whenever `ruleId` is. */
  readonly fingerprint?: string;
}

/** A JUnit testsuite: one hub (surf) or one component (boundver). */
export interface ReportSuite {
  readonly name: string;
  readonly cases: readonly ReportCase[];
}

/** One entry of a tool's rule table (SARIF `tool.driver.rules`). */
export interface ReportRule {
  /** Stable id, e.g. `surf/changed`, `boundver/boundary`. */
  readonly id: string;
  /** PascalCase name, e.g. `ClaimChanged`. */
  readonly name: string;
  readonly shortDescription: string;
  readonly fullDescription: string;
  /** What to do about it. */
  readonly help: string;
  /** Level used when the result does not carry a more specific one. */
  readonly defaultLevel: Exclude<ReportLevel, 'none'>;
}

/** Presentation switches of `boundver verify`'s human text (they never change the verdict). */
export interface VerifyDisplay {
  readonly quiet: boolean;
  readonly verbose: boolean;
  /** `--update` was requested. */
  readonly update: boolean;
  /** `--changed-from` was given. */
  readonly changedFrom: boolean;
}

/** The engine result a report was made from; the human and JSON renderers print it in the tool's own layout. */
export type ReportOrigin =
  | { readonly tool: 'surf'; readonly command: 'check'; readonly result: CheckResult }
  | { readonly tool: 'surf'; readonly command: 'lint'; readonly result: LintResult }
  | { readonly tool: 'boundver'; readonly command: 'verify'; readonly result: BoundverVerifyResult; readonly display: VerifyDisplay };

/** The tool that produced a report (SARIF `tool.driver`). */
export interface ReportTool {
  readonly name: 'surf' | 'boundver';
  readonly version: string;
  /** Absolute URI of the tool's documentation. */
  readonly informationUri: string;
  /** The whole rule table of the tool, in a fixed order. */
  readonly rules: readonly ReportRule[];
}

/**
 * The neutral report of one run: suites of cases plus what the tool-specific renderers need.
 * Built by `fromSurfCheck`, `fromSurfLint` or `fromBoundverVerify`; rendered by the format map.
 * Holds no time, host name or absolute path, so every rendering is byte-stable.
 */
export interface Report {
  readonly tool: ReportTool;
  /**
   * SARIF `automationDetails.id`: `driftgate/<tool>-<command>/`, one category per tool and
   * command, not per project, so a claim or component reported by two projects is one alert.
   */
  readonly automationId: string;
  readonly suites: readonly ReportSuite[];
  readonly origin: ReportOrigin;
}

/** Identity of the run, supplied by the CLI or the Nx executor. */
export interface ReportContext {
  /** Version of the tool that ran (the CLI's package version). */
  readonly version: string;
  /** Project the run was scoped to (the Nx project); not part of the SARIF category or any fingerprint. */
  readonly project?: string;
  /** Overrides the documentation URI written to SARIF. */
  readonly informationUri?: string;
}
