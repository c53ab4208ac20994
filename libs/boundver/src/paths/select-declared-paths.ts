import { declaredPathProblem, isGlobPattern } from './declared-path.js';
import { GlobOperation } from './glob.js';
import { MAX_PATH_DECLARATIONS, MAX_VALIDATION_ISSUES, type GlobLimits } from '../limits.js';
import { compareCodePoints, lowerBound } from '../formats/string-order.js';

/** Result of {@link selectDeclaredPaths}: the selection, or every reason it failed (≤100). */
export type DeclaredSelection = { readonly ok: true; readonly paths: string[] } | { readonly ok: false; readonly errors: string[] };

export interface SelectDeclaredPathsOptions {
  /** Shares one glob work budget across several selections of one operation. */
  operation?: GlobOperation;
  /** Budget overrides for a fresh operation (ignored when `operation` is given). */
  globLimits?: Partial<GlobLimits>;
  /**
   * The candidates are already unique and in code-unit order (what {@link sortCandidates}
   * returns), so several selections over one component sort them once instead of each time.
   */
  candidatesSorted?: boolean;
}

/** Candidate paths as {@link selectDeclaredPaths} works on them: unique, in code-unit order. */
export function sortCandidates(candidatePaths: Iterable<string>): string[] {
  return [...new Set(candidatePaths)].sort();
}

/**
 * Applies declared paths (boundary or behavior `paths`) to the component's candidate files
 * (component-relative POSIX paths of one snapshot). Declarations are taken in code-point order;
 * a glob selects every matching candidate, a literal the equal file or every file below it. Each
 * declaration must select something. Returns the de-duplicated union sorted by UTF-8 bytes.
 * Glob work beyond the budgets throws `BOUNDVER_GLOB_GUARDRAIL`.
 */
export function selectDeclaredPaths(
  declarations: readonly string[],
  candidatePaths: readonly string[],
  options: SelectDeclaredPathsOptions = {},
): DeclaredSelection {
  if (declarations.length > MAX_PATH_DECLARATIONS) {
    return { ok: false, errors: [`Declared boundary paths exceed the ${MAX_PATH_DECLARATIONS}-declaration limit`] };
  }
  const operation = options.operation ?? new GlobOperation(options.globLimits);
  // Code-unit order keeps every prefix range contiguous for the literal look-ups below.
  const sorted = options.candidatesSorted ? candidatePaths : sortCandidates(candidatePaths);
  const selected = new Set<string>();
  const errors: string[] = [];
  const report = (message: string): void => {
    if (errors.length < MAX_VALIDATION_ISSUES) errors.push(message);
  };

  for (const declaration of [...declarations].sort(compareCodePoints)) {
    const problem = declaredPathProblem(declaration);
    if (problem !== null) {
      report(`Invalid declared boundary path '${declaration}': ${problem}`);
      continue;
    }
    const normalized = declaration.endsWith('/') ? declaration.slice(0, -1) : declaration;
    let matched = false;
    if (isGlobPattern(normalized)) {
      const compiled = operation.compile(normalized);
      // Literal segments match only themselves, so every match starts with the glob's leading
      // literal segments: only that contiguous range of sorted candidates is worth matching.
      const prefix = literalSegmentPrefix(normalized);
      for (let index = lowerBound(sorted, prefix); index < sorted.length; index += 1) {
        const candidate = sorted[index];
        if (!candidate.startsWith(prefix)) break;
        if (operation.matches(candidate, compiled)) {
          selected.add(candidate);
          matched = true;
        }
      }
    } else {
      for (let index = lowerBound(sorted, normalized); index < sorted.length; index += 1) {
        const candidate = sorted[index];
        if (!candidate.startsWith(normalized)) break;
        operation.spend(1);
        if (candidate.length === normalized.length || candidate[normalized.length] === '/') {
          selected.add(candidate);
          matched = true;
        }
      }
    }
    if (!matched) report(`Declared boundary path matched no tracked files: ${declaration}`);
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, paths: [...selected].sort(compareCodePoints) };
}

/**
 * The leading literal segments of a glob (`a/b` for `a/b/x*.ts`), without the slash after them:
 * `a/**` also matches `a` itself. Empty when the first segment holds a metacharacter.
 */
function literalSegmentPrefix(pattern: string): string {
  const segments = pattern.split('/');
  const literal: string[] = [];
  for (let i = 0; i < segments.length - 1 && !isGlobPattern(segments[i]); i += 1) literal.push(segments[i]);
  return literal.join('/');
}
