export { terminalSafe, terminalSafeLines } from './terminal-safe.js';
export { xmlAttributeSafe, xmlSafe, xmlSafeLines } from './xml-safe.js';
export type {
  CaseStatus,
  RelatedLocation,
  Report,
  ReportCase,
  ReportContext,
  ReportLevel,
  ReportLocation,
  ReportOrigin,
  ReportRule,
  ReportSuite,
  ReportTool,
  VerifyDisplay,
} from './report-model.js';
export type { Rendered } from './rendered.js';
export { type SurfCheckReportOptions, fromSurfCheck } from './from-surf-check.js';
export { fromSurfLint } from './from-surf-lint.js';
export { type BoundverVerifyReportOptions, fromBoundverVerify } from './from-boundver-verify.js';
export { type ClassifiedIssue, type IssueSubject, classifyIssue } from './boundver-issue.js';
export { lintRuleKey } from './lint-rule.js';
export {
  BOUNDVER_RULES,
  type BoundverRuleKey,
  DRIFTGATE_INFORMATION_URI,
  SURF_CHECK_RULES,
  SURF_LINT_RULES,
  type SurfCheckRuleKey,
  type SurfLintRuleKey,
  TOOL_RULES,
} from './rules.js';
export { FINGERPRINT_KEY, fingerprint } from './fingerprint.js';
export { automationId } from './report-tool.js';
export { renderHuman, truncateClaim } from './render-human.js';
export { reportNotes } from './report-notes.js';
export { renderJson } from './render-json.js';
export { renderJunit } from './render-junit.js';
export { SARIF_LIMITS, SARIF_SCHEMA_URI, type SarifLevel, relativeUri, renderSarif, sarifLevel } from './render-sarif.js';
export { renderGithub } from './render-github.js';
export { MARKDOWN_LIMITS, type MarkdownLimits, renderMarkdown, renderMarkdownWithin } from './render-markdown.js';
export { type CodeQualityIssue, type CodeQualitySeverity, renderCodeQuality } from './render-codequality.js';
export { REPORT_EXTENSIONS, REPORT_FORMAT_NAMES, type ReportFormat, isReportFormat } from './format-names.js';
export { REPORT_FORMATS, renderReport } from './formats.js';
export { ReportError, type ReportErrorCode } from './report-error.js';
export { type ReportTarget, parseReportTarget } from './report-target.js';
export { type ReportTargets, type WrittenReport, writeReportFile, writeReports } from './write-reports.js';
export { type MergedSarif, type SarifInput, type SarifRuleConflict, mergeSarif } from './merge-sarif.js';
export { readSarifFiles } from './sarif-files.js';
export { COMPLETION_SHELLS, type CompletableCommand, type CompletableOption, type CompletionShell, completionInstallText, completionScript } from './shell-completions.js';
