export { type AppliedDecision, type ApplyOptions, type TriageSummary, applyDecisions, summaryLines } from './apply-decisions.js';
export { BOUNDARY_SEVERITIES, type BoundaryRow, type BoundarySeverity, type BoundaryVerifyInput, boundaryRows } from './boundary-rows.js';
export { type BoundaryViewProps, BoundaryView, boundaryLines } from './boundary-view.js';
export { type EditorLauncher, type EditorResult, systemEditorLauncher } from './editor-launcher.js';
export { type FollowPreview, previewFollows } from './follow-preview.js';
export { BOUNDARY_BINDINGS, type Command, type KeyBinding, type KeyFlags, TRIAGE_BINDINGS, commandFor, helpEntries, keyName, keyNames } from './key-bindings.js';
export { type DiffLine, lineDiff } from './line-diff.js';
export { cells, fit, wrapCells } from './labels.js';
export { orderDivergences, rankOf } from './order-items.js';
export { type RunTriageOptions, type TriageOutcome, type TriageStreams, runBoundaryView, runTriage } from './run-triage.js';
export {
  type Decision,
  type MagnitudeFilter,
  type TriageAction,
  type TriageFilters,
  type TriageMode,
  type TriageState,
  type UndoEntry,
  decisionCounts,
  decisionProblem,
  filterValues,
  initialState,
  isEnded,
  remainingShown,
  selectedItem,
  triageReducer,
} from './state.js';
export { type TerminalSize, FALLBACK_SIZE, claimsLayout, windowStart } from './terminal-size.js';
export { type Colour, DEFAULT_THEME, type Theme } from './theme.js';
export { type TriageAppProps, type TriageEnd, TriageApp } from './triage-app.js';
