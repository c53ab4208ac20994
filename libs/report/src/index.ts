export { terminalSafe, terminalSafeLines } from './render/terminal-safe.js';
export { splitCdataEnds, xmlAttributeSafe, xmlNameSafe, xmlSafe, xmlSafeLines } from './render/xml-safe.js';
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
} from './model/report-model.js';
export type { Rendered } from './model/rendered.js';
export { type SurfCheckReportOptions, fromSurfCheck } from './adapt/from-surf-check.js';
export { fromSurfLint } from './adapt/from-surf-lint.js';
export { type BoundverVerifyReportOptions, fromBoundverVerify } from './adapt/from-boundver-verify.js';
export { type ClassifiedIssue, type IssueSubject, classifyIssue } from './adapt/boundver-issue.js';
export { lintRuleKey } from './adapt/lint-rule.js';
export {
  BOUNDVER_RULES,
  type BoundverRuleKey,
  DRIFTGATE_INFORMATION_URI,
  SURF_CHECK_RULES,
  SURF_LINT_RULES,
  type SurfCheckRuleKey,
  type SurfLintRuleKey,
  TOOL_RULES,
} from './model/rules.js';
export { FINGERPRINT_KEY, fingerprint } from './model/fingerprint.js';
export { automationId } from './model/report-tool.js';
export { renderHuman, truncateClaim } from './render/render-human.js';
export { reportNotes } from './render/report-notes.js';
export { renderJson } from './render/render-json.js';
export { renderJunit } from './render/render-junit.js';
export { SARIF_LIMITS, SARIF_SCHEMA_URI, type SarifLevel, relativeUri, renderSarif, sarifLevel } from './render/render-sarif.js';
export { renderGithub } from './render/render-github.js';
export { MARKDOWN_LIMITS, type MarkdownLimits, renderMarkdown, renderMarkdownWithin } from './render/render-markdown.js';
export { type CodeQualityIssue, type CodeQualitySeverity, renderCodeQuality } from './render/render-codequality.js';
export { REPORT_EXTENSIONS, REPORT_FORMAT_NAMES, type ReportFormat, isReportFormat } from './model/format-names.js';
export { REPORT_FORMATS, renderReport } from './render/formats.js';
export { ReportError, type ReportErrorCode } from './write/report-error.js';
export { type ReportTarget, parseReportTarget } from './write/report-target.js';
export { type ReportTargets, type WrittenReport, writeReportFile, writeReports } from './write/write-reports.js';
export { type MergedSarif, type SarifInput, type SarifRuleConflict, mergeSarif } from './write/merge-sarif.js';
export { readSarifFiles } from './write/sarif-files.js';
export { blameText } from './model/blame-text.js';
