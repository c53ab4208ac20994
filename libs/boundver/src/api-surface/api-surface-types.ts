/**
 * The contract between boundver and its API-surface providers (`typescript-api`, `signatures`):
 * driftgate extensions to the semantic contract. A provider turns a component's entry points into
 * its exported symbols, each with a deterministic declaration text; boundver hashes one semantic
 * entry per symbol into the boundary digest and records a digest per symbol in the lock, so
 * `why` and the verify report can name what was added, removed or changed.
 */

/** What a provider is asked for one component, in one operation's snapshot. */
export interface ApiSurfaceRequest {
  readonly componentName: string;
  /** Repository-relative POSIX path of the component (`packages/calc`). */
  readonly componentPath: string;
  /**
   * Component-relative POSIX paths the surface starts from, sorted: the files `boundary.paths`
   * selects. Empty when the config declares none: the provider finds the entry points itself
   * (a package.json's `exports` / `types`, a Python package's `__init__.py`, …) or says it cannot.
   */
  readonly entries: readonly string[];
  /** Every tracked file of the component, component-relative, sorted by code point. */
  readonly files: readonly string[];
  /** `boundary.options` as plain JSON, or null. */
  readonly options: unknown;
  /**
   * Bytes of a repository-relative file in the snapshot (HEAD, the index or the working tree, as
   * the operation reads), or undefined when the snapshot has no such file. Reads count against
   * the operation's byte budget.
   */
  read(repoPath: string): Promise<Uint8Array | undefined>;
  /** Absolute path of the repository root on disk: where the workspace's own tools are found. */
  readonly repoRoot: string;
}

/** One exported symbol of a component's API surface. */
export interface ApiSymbol {
  /** Component-relative POSIX path of the entry point it is exported from. */
  readonly entry: string;
  /** The exported name; nested members joined with `.` (`Calc.add`). Unique per entry. */
  readonly name: string;
  /** What it is, for reports: `function`, `class`, `interface`, `type`, `variable`, `enum`, `method`, … */
  readonly kind: string;
  /**
   * Its declaration without bodies, comments or formatting: what is hashed. Equal texts mean the
   * same API; any change here is a boundary change.
   */
  readonly text: string;
  /**
   * For a symbol of kind `unresolved`: why its declaration could not be followed. Not hashed and
   * not in the lock (whose bytes for such a symbol stay `unresolved:<digest>`): it only lets the
   * operation that computed the surface say the right thing about it.
   */
  readonly unresolved?: UnresolvedReexport;
  /**
   * For a resolved symbol re-exported by name through a bare specifier that the tsconfig `paths`
   * map into the repository (`export { Money } from '@org/types'`): that specifier. Not hashed;
   * it lets verify explain a lock that recorded the symbol unresolved.
   */
  readonly mappedFrom?: string;
}

/**
 * What one operation's surface of a component knows about its re-exports that the lock does not
 * record, by `<entry>#<name>`: the causes of unresolved symbols, and the `paths`-mapped specifier
 * of resolved ones.
 */
export interface ReexportFacts {
  readonly unresolved: ReadonlyMap<string, UnresolvedReexport>;
  readonly mapped: ReadonlyMap<string, string>;
}

/**
 * Why a re-exported name has no declaration in the snapshot. Known only to the operation that
 * computed the surface; a lock records the digest of the re-export as written, not this.
 */
export type UnresolvedReexport =
  | {
      /**
       * A bare specifier no tsconfig `paths` pattern maps: a package's, resolved (if at all) in
       * node_modules, which the snapshot deliberately does not read. Nothing is missing from git.
       */
      readonly cause: 'package';
      /** The module specifier as written (`web-tree-sitter`, `@scope/pkg/sub`). */
      readonly specifier: string;
      /** The package name the specifier starts with (`@scope/pkg`). */
      readonly package: string;
      /** Whether a node_modules directory from the re-exporting file up to the repository root has it. */
      readonly installed: boolean;
      /**
       * When the installed package is a package of this repository linked into node_modules (npm,
       * yarn or pnpm workspaces): the repository-relative POSIX directory it links to.
       */
      readonly linked?: string;
      /** Repository-relative POSIX path of the file the re-export is written in. */
      readonly file: string;
    }
  | {
      /** A relative or `paths`-mapped specifier whose file is not in the snapshot (untracked, ignored, or a wrong path). */
      readonly cause: 'module';
      readonly specifier: string;
      readonly file: string;
    };

/**
 * Something the operation's user should know that does not change the surface: a file the working
 * tree has and the snapshot does not, so what the entry points re-export from it is not seen; or an
 * export whose API the provider cannot record, so changes to it are not gated.
 */
export interface ApiSurfaceNote {
  /** Repository-relative POSIX path of the file the note is about. */
  readonly file: string;
  /** One sentence: what is missing and how to include it. */
  readonly message: string;
  /**
   * `not-in-snapshot` (the default): the file is missing from the snapshot, and the operation adds
   * how to include it. `not-gated`: the file is in the snapshot, but part of its API cannot be
   * recorded; the message says which, and there is nothing to include.
   */
  readonly kind?: 'not-in-snapshot' | 'not-gated';
}

/** A provider's answer for one component. */
export type ApiSurface =
  | { readonly ok: true; readonly symbols: readonly ApiSymbol[]; readonly notes?: readonly ApiSurfaceNote[] }
  | { readonly ok: false; readonly errors: readonly string[] };

/**
 * An API-surface provider. One instance serves every component of an operation, so it may keep
 * state across them (the `typescript-api` provider builds one TypeScript program per operation).
 */
export interface ApiSurfaceProvider {
  /** The config's `boundary.provider`. */
  readonly name: string;
  /** Written to the lock's `boundary_provider_version`; bump it when the text of any symbol changes. */
  readonly version: string;
  surface(request: ApiSurfaceRequest): Promise<ApiSurface>;
}
