import { compareCodePoints } from '../formats/string-order.js';
import type { UnresolvedReexport } from './api-surface-types.js';

/**
 * How boundver speaks of symbols that do not resolve. Two causes, said differently: a module of
 * the repository missing from the snapshot (add it to git, or fix the path), and a package's
 * module, which the snapshot never reads by design (nothing to add; the lock covers the re-export
 * as written). The lock cannot tell them apart (it records `unresolved:<digest>` for both, and
 * keeps doing so byte for byte), so the cause comes from the provider run of the same operation;
 * where it is not known (comparing two locks) the wording names both possibilities.
 */

/** An unresolved symbol of the current surface, `<entry>#<name>`, with why it does not resolve. */
export type UnresolvedSymbol = UnresolvedReexport & { readonly symbol: string };

/** The advice for a missing repository module, as verify has always said it. */
const MISSING_MODULE_ADVICE = 'its module is not in the snapshot (`git add` a new file before generating, or fix the path)';

const UNKNOWN_CAUSE = 'its module is not in the snapshot (`git add` a new file before generating, or fix the path; a package\'s module is never in it, and then there is nothing to add)';

const NOTE_NAMES = 10;

type PackageCause = Extract<UnresolvedReexport, { cause: 'package' }>;

/**
 * The sentences of a verify `API CHANGE` line for symbols that do not resolve now: one per
 * package they are re-exported from, one for missing modules. `list` renders a list of names.
 */
export function describeUnresolved(names: readonly string[], causes: readonly UnresolvedSymbol[], list: (names: readonly string[]) => string): string[] {
  const bySymbol = new Map(causes.map((cause) => [cause.symbol, cause]));
  const packages = new Map<string, { cause: PackageCause; names: string[] }>();
  const missing: string[] = [];
  let unknown = false;
  for (const name of names) {
    const cause = bySymbol.get(name);
    if (cause?.cause === 'package') {
      const group = packages.get(cause.package) ?? { cause, names: [] };
      group.names.push(name);
      packages.set(cause.package, group);
    } else {
      missing.push(name);
      unknown ||= cause === undefined;
    }
  }
  const parts: string[] = [];
  for (const name of [...packages.keys()].sort(compareCodePoints)) {
    const { cause, names: symbols } = packages.get(name)!;
    const one = symbols.length === 1;
    parts.push(`${list(symbols)} ${one ? 'is' : 'are'} re-exported from ${packageVerdict(cause, one)}`);
  }
  if (missing.length > 0) parts.push(`${list(missing)} does not resolve: ${unknown ? UNKNOWN_CAUSE : MISSING_MODULE_ADVICE}`);
  return parts;
}

/**
 * The sentences of a verify `API CHANGE` line for symbols the lock recorded unresolved that resolve
 * now. One re-exported through a `paths`-mapped specifier may have been a package's when the lock
 * was written (the mapping came later, as the advice for a linked workspace package suggests), so
 * it is not sent to git.
 */
export function describeResolvedSince(names: readonly string[], throughPaths: readonly { symbol: string; specifier: string }[], list: (names: readonly string[]) => string): string[] {
  const bySymbol = new Map(throughPaths.map((entry) => [entry.symbol, entry.specifier]));
  const bySpecifier = new Map<string, string[]>();
  const plain: string[] = [];
  for (const name of names) {
    const specifier = bySymbol.get(name);
    if (specifier === undefined) plain.push(name);
    else bySpecifier.set(specifier, [...(bySpecifier.get(specifier) ?? []), name]);
  }
  const parts = plain.length === 0 ? [] : [`the lock recorded ${list(plain)} as unresolved (its module was not in the snapshot the lock was generated from; was it not yet added to git?)`];
  for (const specifier of [...bySpecifier.keys()].sort(compareCodePoints)) {
    parts.push(`the lock recorded ${list(bySpecifier.get(specifier)!)} as unresolved (${mappedSince(specifier)})`);
  }
  return parts;
}

/** What `why` adds after `signature changed` for a symbol the lock recorded unresolved. */
export function whyResolvedSince(mappedFrom: string | undefined): string {
  return mappedFrom === undefined
    ? 'the lock recorded it unresolved: its module was not in the snapshot the lock was generated from (not yet added to git?)'
    : `the lock recorded it unresolved: ${mappedSince(mappedFrom)}`;
}

function mappedSince(specifier: string): string {
  return `'${specifier}' is mapped by the tsconfig \`paths\` now; when the lock was generated it was not, or its file was not in the snapshot`;
}

/** What `why` adds after `added` / `signature changed` for a symbol that does not resolve. */
export function whyUnresolved(cause: UnresolvedReexport | undefined): string {
  if (cause?.cause !== 'package') return `it does not resolve: ${cause === undefined ? UNKNOWN_CAUSE : MISSING_MODULE_ADVICE}`;
  const which =
    cause.linked !== undefined
      ? `'${cause.package}', linked into node_modules from ${cause.linked}, which the snapshot does not follow`
      : cause.installed
        ? `the installed package '${cause.package}', which the snapshot does not read`
        : `the package '${cause.package}', which is not installed and which the snapshot does not read`;
  return `re-exported from ${which}: only the re-export as written is in the API digest`;
}

/**
 * The notes `generate` prints for what a component re-exports from packages, one per file and
 * package: said once, when the lock is written, so no one goes looking for a file to add.
 */
export function packageReexportNotes(component: string, causes: ReadonlyMap<string, UnresolvedReexport>): Array<{ file: string; message: string }> {
  const groups = new Map<string, { file: string; cause: PackageCause; names: string[] }>();
  for (const [symbol, cause] of causes) {
    if (cause.cause !== 'package') continue;
    const key = `${cause.file}\0${cause.package}`;
    const group = groups.get(key) ?? { file: cause.file, cause, names: [] };
    // `<entry>#* from "pkg"` is an `export *`: the name is `*`.
    const name = symbol.slice(symbol.indexOf('#') + 1);
    group.names.push(name.startsWith('* from ') ? '*' : name);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ file, cause, names }) => {
    const distinct = [...new Set(names)].sort(compareCodePoints).map((name) => `\`${name}\``);
    // Bounded like verify's lists: a barrel re-exporting a whole package would fill the screen.
    const sorted = distinct.length <= NOTE_NAMES ? distinct.join(', ') : `${distinct.slice(0, NOTE_NAMES).join(', ')} and ${distinct.length - NOTE_NAMES} more`;
    const one = names.length === 1;
    const message =
      cause.linked !== undefined
        ? `${component}: ${file} re-exports ${sorted} from '${cause.package}', a package of this repository linked into node_modules from ${cause.linked}; the snapshot does not follow node_modules, so the lock records the re-export as written, not its declarations. Nothing to add to git; ${linkedAdvice(cause.package)}`
        : cause.installed
          ? `${component}: ${file} re-exports ${sorted} from the installed package '${cause.package}'; installed packages are outside the snapshot, so the lock records the re-export as written, not the package's declarations: a change inside the package is not a boundary change. Nothing to add to git; ${shapeAdvice(one)}`
          : `${component}: ${file} re-exports ${sorted} from the package '${cause.package}', which is not installed; packages are outside the snapshot, so the lock records the re-export as written. Install it, or fix the specifier; nothing to add to git`;
    return { file, message };
  });
}

/** `the installed package 'x': …, so the API digest covers …`: the rest of a verify sentence. */
function packageVerdict(cause: PackageCause, one: boolean): string {
  if (cause.linked !== undefined) {
    return `'${cause.package}', a package of this repository linked into node_modules from ${cause.linked}: the snapshot does not follow node_modules, so the API digest covers the re-export as written, not its declarations (nothing to add to git; ${linkedAdvice(cause.package)})`;
  }
  if (cause.installed) {
    return `the installed package '${cause.package}': installed packages are outside the snapshot, so the API digest covers the re-export as written, not the package's declarations (nothing to add to git; ${shapeAdvice(one)})`;
  }
  return `the package '${cause.package}', which is not installed: packages are outside the snapshot, so the API digest covers the re-export as written (install it, or fix the specifier; nothing to add to git)`;
}

// A workspace package is followed the way an Nx library's is: through the root tsconfig's `paths`.
function linkedAdvice(name: string): string {
  return `to have them followed, map '${name}' to its entry point in the root tsconfig's \`paths\``;
}

function shapeAdvice(one: boolean): string {
  return one ? 'to have its shape gated, declare it in the component instead of re-exporting it' : 'to have their shape gated, declare them in the component instead of re-exporting them';
}
