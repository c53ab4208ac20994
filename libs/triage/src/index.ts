export { type AppliedDecision, type ApplyOptions, type TriageSummary, applyDecisions, summaryLines } from './decisions/apply-decisions.js';
export { BOUNDARY_SEVERITIES, type BoundaryRow, type BoundarySeverity, type BoundaryVerifyInput, boundaryRows } from './model/boundary-rows.js';
export { type BoundaryViewProps, BoundaryView, boundaryLines } from './view/boundary-view.js';
export { type EditorLauncher, type EditorResult, systemEditorLauncher } from './decisions/editor-launcher.js';
export { type FollowPreview, previewFollows } from './model/follow-preview.js';
export { BOUNDARY_BINDINGS, type Command, type KeyBinding, type KeyFlags, TRIAGE_BINDINGS, commandFor, helpEntries, keyName, keyNames } from './model/key-bindings.js';
export { type DiffLine, lineDiff } from './model/line-diff.js';
export { cells, fit, wrapCells } from './view/labels.js';
export { orderDivergences, rankOf } from './model/order-items.js';
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
} from './model/state.js';
export { type TerminalSize, FALLBACK_SIZE, claimsLayout, windowStart } from './view/terminal-size.js';
export { type Colour, DEFAULT_THEME, type Theme } from './view/theme.js';
export { type TriageAppProps, type TriageEnd, TriageApp } from './view/triage-app.js';
