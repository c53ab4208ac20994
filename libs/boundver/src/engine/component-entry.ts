import { compareGitPaths, encodeGitPath, type FileContent, type SnapshotEntry } from '@driftgate/git';
import { apiSurfaceEntries, symbolKey } from '../api-surface/api-surface-entries.js';
import { jsonCanonicalContent, openApiCanonicalContent } from '../providers/canonical-providers.js';
import type { ComponentConfig } from '../config/config-types.js';
import { CUSTOM_PROVIDERS_DISABLED, type LoadedCustomProvider } from '../providers/custom-providers.js';
import type { CustomProviderContext } from '../providers/custom-provider-types.js';
import { validateProviderResult } from '../providers/custom-provider-result.js';
import { behaviorEnvelopeDigest, compatDigest, SEMANTIC_MODE, SEMANTIC_TYPE, type BoundaryStatus } from '../hashing/digests.js';
import type { EngineContext } from './engine-context.js';
import { BoundverError } from '../errors.js';
import { runFileHashPass, type FileHashOutcome, type FileHashTask } from '../hashing/file-hash-pass.js';
import { framedDigest } from '../hashing/framing.js';
import { GlobOperation } from '../paths/glob.js';
import { toPlainJs, type JsonObject } from '../formats/json-value.js';
import { DEFAULT_HASH_LIMITS } from '../limits.js';
import type { LockComponent } from '../lock/lock-types.js';
import type { BuiltInProvider } from '../providers/provider-registry.js';
import { pythonStrRepr } from '../formats/python-str.js';
import { selectDeclaredPaths, sortCandidates } from '../paths/select-declared-paths.js';
import { compatIdentity, parseSemver } from '../versions/semver.js';
import { sortByCodePoint } from '../formats/string-order.js';

const FILE_PREFIX = Buffer.from('file:', 'ascii');
const CANONICAL_PREFIX = Buffer.from('canonical:', 'ascii');

function label(prefix: Buffer, path: string): Uint8Array {
  return Buffer.concat([prefix, encodeGitPath(path)]);
}

/** `file:` labels of paths relative to the directory `base` (what `path.slice(base.length + 1)` leaves), as a task's `labelBytes`. */
function fileLabelBytes(base: string): { prefix: Uint8Array; strip: number } {
  return { prefix: FILE_PREFIX, strip: encodeGitPath(base).length + 1 };
}

/** `file:` labels of repository paths, as a task's `labelBytes`. */
const REPOSITORY_LABELS = { prefix: FILE_PREFIX, strip: 0 };

/** Where a component's boundary comes from once its configuration is applied to the snapshot. */
type BoundaryPlan =
  | { readonly kind: 'fixed'; readonly status: BoundaryStatus; readonly errors: string[] }
  | { readonly kind: 'task'; readonly task: FileHashTask }
  | { readonly kind: 'custom'; readonly provider: LoadedCustomProvider }
  /** An API-surface provider; `entries` are component-relative (empty: the provider finds them). */
  | { readonly kind: 'api'; readonly entries: readonly string[] };

/** The files of one component in one snapshot, and declared-path selection over them. */
class ComponentFiles {
  readonly entries: readonly SnapshotEntry[];
  readonly candidates: string[];
  readonly #glob: GlobOperation;

  constructor(
    readonly component: ComponentConfig,
    context: EngineContext,
  ) {
    this.entries = context.snapshot.list(component.path);
    // Sorted once for every selection of the component (boundary, behavior, provider calls).
    this.candidates = sortCandidates(this.entries.map((entry) => this.relative(entry.path)).filter((path) => path !== ''));
    // One glob work budget for every selection of the component.
    this.#glob = new GlobOperation(context.limits.glob);
  }

  relative(path: string): string {
    return path === this.component.path ? '' : path.slice(this.component.path.length + 1);
  }

  /** Repository paths selected by declarations, in encoded byte order; or the selection errors. */
  select(declarations: readonly string[]): { ok: true; paths: string[] } | { ok: false; errors: string[] } {
    try {
      const selection = selectDeclaredPaths(declarations, this.candidates, { operation: this.#glob, candidatesSorted: true });
      if (!selection.ok) return selection;
      return { ok: true, paths: selection.paths.map((path) => `${this.component.path}/${path}`).sort(compareGitPaths) };
    } catch (error) {
      return { ok: false, errors: [(error as Error).message] };
    }
  }
}

function rawTask(files: ComponentFiles, paths: string[], failurePrefix: string): FileHashTask {
  return { domain: 'boundary', paths, label: (path) => label(FILE_PREFIX, files.relative(path)), labelBytes: fileLabelBytes(files.component.path), failurePrefix };
}

function canonicalTask(files: ComponentFiles, paths: string[], provider: BuiltInProvider, maxEntryBytes: number): FileHashTask {
  const canonicalize = provider.kind === 'json-canonical' ? jsonCanonicalContent : openApiCanonicalContent;
  return {
    domain: 'boundary',
    paths,
    label: (path) => label(CANONICAL_PREFIX, files.relative(path)),
    content: (file) => canonicalize(file.content, files.relative(file.path), maxEntryBytes),
    identity: () => ({ mode: SEMANTIC_MODE, type: SEMANTIC_TYPE }),
    failurePrefix: 'Boundary digest failed: ',
  };
}

function boundaryPlan(context: EngineContext, files: ComponentFiles): BoundaryPlan {
  const { boundary } = files.component;
  const registered = context.registry.get(boundary.provider);
  if (registered === undefined) {
    const errors = [boundary.provider.startsWith('custom.') ? `${CUSTOM_PROVIDERS_DISABLED}` : `Unknown boundary provider: ${pythonStrRepr(boundary.provider)}`];
    return { kind: 'fixed', status: 'error', errors };
  }
  if (registered.kind === 'custom') return { kind: 'custom', provider: registered.provider };
  const provider = registered.provider;
  const paths = boundary.paths ?? [];
  if (provider.kind === 'leaf') return { kind: 'fixed', status: 'ok', errors: [] };
  if (provider.kind === 'api-surface') {
    // Declared paths are the entry points; without any the provider finds them.
    if (paths.length === 0) return { kind: 'api', entries: [] };
    const selection = files.select(paths);
    if (!selection.ok) return { kind: 'fixed', status: 'error', errors: selection.errors };
    return { kind: 'api', entries: selection.paths.map((path) => files.relative(path)) };
  }
  if (paths.length === 0) {
    if (provider.kind === 'implicit') return { kind: 'fixed', status: 'partial', errors: ['No boundary paths declared for implicit boundary'] };
    const which = provider.kind === 'raw' ? 'explicit boundary provider' : `${provider.kind} provider`;
    return { kind: 'fixed', status: 'error', errors: [`No boundary paths declared for ${which}`] };
  }
  const selection = files.select(paths);
  if (!selection.ok) return { kind: 'fixed', status: 'error', errors: selection.errors };
  if (selection.paths.length === 0) return { kind: 'fixed', status: 'error', errors: ['Declared boundary paths produced no digest'] };
  const maxEntryBytes = context.limits.hash?.maxEntryBytes ?? DEFAULT_HASH_LIMITS.maxEntryBytes;
  const task =
    provider.kind === 'json-canonical' || provider.kind === 'openapi-canonical'
      ? canonicalTask(files, selection.paths, provider, maxEntryBytes)
      : rawTask(files, selection.paths, 'Boundary digest failed: ');
  return { kind: 'task', task };
}

interface CustomOutcome {
  readonly digest: string | null;
  readonly status: BoundaryStatus;
  readonly errors: string[];
  readonly metadata: JsonObject | null;
}

/**
 * Reads of one provider call from the snapshot, counted against the operation's byte budget
 * (`maxTotalBytes`): a read fails once the budget is spent, or when it overspends it.
 */
function budgetedReads(context: EngineContext): { read(path: string): Promise<FileContent>; readonly remaining: number } {
  const budget = context.limits.hash?.maxTotalBytes ?? DEFAULT_HASH_LIMITS.maxTotalBytes;
  let spent = 0;
  const exceeded = (): BoundverError => new BoundverError('BOUNDVER_HASH_GUARDRAIL', `Hash guardrail exceeded: provider reads exceed ${budget} bytes`);
  return {
    async read(path) {
      if (spent >= budget) throw exceeded();
      const file = await context.snapshot.read(path);
      spent += file.content.length;
      if (spent > budget) throw exceeded();
      return file;
    },
    get remaining() {
      return Math.max(0, budget - spent);
    },
  };
}

async function runCustomProvider(context: EngineContext, files: ComponentFiles, provider: LoadedCustomProvider): Promise<CustomOutcome> {
  const { snapshot } = context;
  const hashLimits = context.limits.hash ?? {};
  const reads = budgetedReads(context);
  const component = files.component;
  const tracked = new Map(files.entries.map((entry) => [files.relative(entry.path), entry]));
  const providerContext: CustomProviderContext = {
    componentName: component.name,
    componentPath: component.path,
    source: snapshot.source,
    options: component.boundary.options === null ? null : toPlainJs(component.boundary.options),
    paths: component.boundary.paths ?? [],
    listFiles: () => files.entries.filter((entry) => files.relative(entry.path) !== '').map((entry) => ({ path: files.relative(entry.path), mode: entry.mode })),
    selectPaths: (declarations) => {
      const selection = files.select(declarations);
      return selection.ok ? { ok: true, paths: selection.paths.map((path) => files.relative(path)) } : selection;
    },
    readFile: async (path) => {
      const entry = typeof path === 'string' ? tracked.get(path) : undefined;
      if (entry === undefined || path === '') throw new BoundverError('BOUNDVER_USAGE', `${String(path)} is not a tracked file of component '${component.name}'`);
      const file = await reads.read(entry.path);
      return { content: file.content, mode: file.mode };
    },
    get remainingBytes() {
      return reads.remaining;
    },
  };
  try {
    const result = validateProviderResult(await provider.instance.resolve(providerContext), hashLimits);
    const digest = result.status !== 'error' && result.entries.length > 0 ? framedDigest('boundary', result.entries, hashLimits) : null;
    return { digest, status: result.status, errors: result.errors, metadata: result.metadata };
  } catch (error) {
    return { digest: null, status: 'error', errors: [`Boundary digest failed: ${(error as Error)?.message ?? String(error)}`], metadata: null };
  }
}

/** An API-surface provider over one component: one semantic entry per exported symbol. */
async function runApiSurface(context: EngineContext, files: ComponentFiles, entries: readonly string[]): Promise<CustomOutcome> {
  const component = files.component;
  const provider = context.registry.apiSurface(component.boundary.provider)!;
  const hashLimits = context.limits.hash ?? {};
  const reads = budgetedReads(context);
  const failed = (errors: string[]): CustomOutcome => ({ digest: null, status: 'error', errors, metadata: null });
  try {
    const surface = await provider.surface({
      componentName: component.name,
      componentPath: component.path,
      entries,
      files: sortByCodePoint(new Set(files.entries.filter((entry) => entry.mode !== '160000').map((entry) => files.relative(entry.path)).filter((path) => path !== ''))),
      options: component.boundary.options === null ? null : toPlainJs(component.boundary.options),
      repoRoot: context.snapshot.root,
      read: async (repoPath) => {
        const entry = context.snapshot.get(repoPath);
        if (entry === undefined || entry.mode === '160000') return undefined;
        return (await reads.read(repoPath)).content;
      },
    });
    if (!surface.ok) return failed([...surface.errors]);
    for (const note of surface.notes ?? []) context.notes.push({ file: note.file, message: note.kind === 'not-gated' ? note.message : `${note.message}; ${includeHint(context, note.file)}` });
    const unresolved = surface.symbols.flatMap((symbol) => (symbol.unresolved === undefined ? [] : [[symbolKey(symbol), symbol.unresolved] as const]));
    const mapped = surface.symbols.flatMap((symbol) => (symbol.mappedFrom === undefined ? [] : [[symbolKey(symbol), symbol.mappedFrom] as const]));
    if (unresolved.length + mapped.length > 0) context.reexports.set(component.name, { unresolved: new Map(unresolved), mapped: new Map(mapped) });
    // No exported symbol is an API too (a new package): its first export is a boundary change.
    // A provider that finds no entry point at all says so as an error instead.
    const { entries: hashed, metadata } = apiSurfaceEntries(surface.symbols);
    return { digest: framedDigest('boundary', hashed, hashLimits), status: 'ok', errors: [], metadata };
  } catch (error) {
    return failed([`Boundary digest failed: ${(error as Error)?.message ?? String(error)}`]);
  }
}

/** How to bring a file the working tree has into the snapshot the operation read. */
function includeHint(context: EngineContext, file: string): string {
  const source = context.snapshot.source;
  if (source === 'head') return `commit ${file} (or \`git add\` it and pass --source working-tree), then run again`;
  return `\`git add ${file}\` (an ignored file is never read), then run again`;
}

function noFilesMessage(context: EngineContext, path: string): string {
  const source = context.snapshot.source;
  if (source === 'working-tree') return `No files found for '${path}' on disk`;
  return `No files found for '${path}' at ${source.toUpperCase()}. Have you committed this path? Try --source working-tree`;
}

/** A component prepared for the shared read pass: its tasks and everything known before reading. */
interface ComponentPlan {
  readonly component: ComponentConfig;
  readonly files: ComponentFiles;
  readonly version: string | null;
  readonly versionErrors: string[];
  readonly semver: ReturnType<typeof parseSemver>;
  readonly compat: string | null;
  readonly exactErrors: string[];
  readonly exactTask: FileHashTask | null;
  readonly boundary: BoundaryPlan;
  readonly behaviorErrors: string[];
  readonly behaviorTask: FileHashTask | null;
  readonly vendoredErrors: string[];
  readonly vendoredSourceTask: FileHashTask | null;
  /** Content-only tasks of the vendored copies, by copy as written; null for a copy with no files. */
  readonly copyTasks: ReadonlyArray<readonly [string, FileHashTask | null]>;
}

async function planComponent(context: EngineContext, component: ComponentConfig): Promise<ComponentPlan> {
  const { snapshot, config } = context;
  const files = new ComponentFiles(component, context);

  const resolved = await context.versions.resolve(component);
  const semver = parseSemver(resolved.version);
  const versionErrors: string[] = [];
  if (component.versionSource !== null) {
    if (resolved.version === null) {
      versionErrors.push(`Configured version source did not produce a version${resolved.problem === null ? '' : ` (${resolved.problem})`}`);
    } else if (semver.compatFamily === null) {
      versionErrors.push(`Configured version is not valid SemVer: ${pythonStrRepr(resolved.version)}`);
    }
  }

  const exactErrors: string[] = [];
  let exactTask: FileHashTask | null = null;
  if (files.entries.length === 0) exactErrors.push(noFilesMessage(context, component.path));
  else {
    const paths = files.entries.map((entry) => entry.path);
    exactTask = { domain: 'exact-tree', paths, label: (path) => label(FILE_PREFIX, path), labelBytes: REPOSITORY_LABELS, failurePrefix: 'Exact digest failed: ' };
  }

  const behaviorErrors: string[] = [];
  let behaviorTask: FileHashTask | null = null;
  const behaviorPaths = component.behaviorPaths ?? [];
  if (behaviorPaths.length > 0) {
    const selection = files.select(behaviorPaths);
    if (!selection.ok) behaviorErrors.push(...selection.errors);
    else behaviorTask = rawTask(files, selection.paths, 'Behavior digest failed: ');
  }

  const vendoredErrors: string[] = [];
  let vendoredSourceTask: FileHashTask | null = null;
  const copyTasks: Array<readonly [string, FileHashTask | null]> = [];
  if (component.vendoredCopies !== null) {
    if (files.entries.length === 0) vendoredErrors.push(`Vendored source path '${component.path}' has no files at ${snapshot.source}`);
    else vendoredSourceTask = contentOnlyTask(files.entries.map((entry) => entry.path), component.path);
    for (const copy of component.vendoredCopies) {
      const copyPath = copy.replace(/\/+$/, '');
      const paths = snapshot.list(copyPath).map((entry) => entry.path);
      copyTasks.push([copy, paths.length === 0 ? null : contentOnlyTask(paths, copyPath)]);
    }
  }

  return {
    component,
    files,
    version: resolved.version,
    versionErrors,
    semver,
    compat: compatDigest(component.name, compatIdentity(semver, config.compatMode)),
    exactErrors,
    exactTask,
    boundary: boundaryPlan(context, files),
    behaviorErrors,
    behaviorTask,
    vendoredErrors,
    vendoredSourceTask,
    copyTasks,
  };
}

async function finishComponent(
  context: EngineContext,
  plan: ComponentPlan,
  outcome: (task: FileHashTask | null) => FileHashOutcome | null,
  /** The API surface's outcome, for a component with an API-surface provider. */
  surface: Promise<CustomOutcome> | undefined,
): Promise<LockComponent> {
  const { snapshot } = context;
  const hashLimits = context.limits.hash ?? {};
  const { component } = plan;
  const exactErrors = [...plan.exactErrors];
  const exactOutcome = outcome(plan.exactTask);
  if (exactOutcome?.error) exactErrors.push(exactOutcome.error);

  let boundary: string | null = null;
  let boundaryStatus: BoundaryStatus;
  let boundaryErrors: string[];
  let metadata: JsonObject | null = null;
  let providerVersion: string | null;
  if (plan.boundary.kind === 'custom') {
    const custom = await runCustomProvider(context, plan.files, plan.boundary.provider);
    ({ digest: boundary, status: boundaryStatus, errors: boundaryErrors, metadata } = custom);
    providerVersion = plan.boundary.provider.version;
  } else if (plan.boundary.kind === 'api') {
    // Started for every component at once by computeEntries (see there).
    const api = await surface!;
    ({ digest: boundary, status: boundaryStatus, errors: boundaryErrors, metadata } = api);
    const registered = context.registry.get(component.boundary.provider);
    providerVersion = registered?.kind === 'built-in' ? registered.provider.version : null;
  } else {
    const registered = context.registry.get(component.boundary.provider);
    providerVersion = registered?.kind === 'built-in' ? registered.provider.version : null;
    if (plan.boundary.kind === 'fixed') {
      boundaryStatus = plan.boundary.status;
      boundaryErrors = plan.boundary.errors;
    } else {
      const result = outcome(plan.boundary.task)!;
      boundary = result.digest;
      boundaryStatus = result.error === null ? 'ok' : 'error';
      boundaryErrors = result.error === null ? [] : [result.error];
    }
  }

  let behavior: string | null = null;
  const behaviorErrors = [...plan.behaviorErrors];
  const behaviorOutcome = outcome(plan.behaviorTask);
  if (behaviorOutcome !== null) {
    if (behaviorOutcome.error !== null) behaviorErrors.push(behaviorOutcome.error);
    else {
      try {
        behavior = behaviorEnvelopeDigest(behaviorOutcome.digest, boundary, boundaryStatus, hashLimits);
      } catch (error) {
        behaviorErrors.push(`Behavior digest failed: ${(error as Error).message}`);
      }
    }
  }

  // Vendored copies: each copy tree must be content-identical to the component tree.
  const vendoredErrors = [...plan.vendoredErrors];
  const vendoredDigests = new Map<string, string>();
  const sourceOutcome = outcome(plan.vendoredSourceTask);
  if (sourceOutcome?.error) vendoredErrors.push(sourceOutcome.error);
  const sourceDigest = sourceOutcome?.digest ?? null;
  for (const [copy, task] of plan.copyTasks) {
    const copyOutcome = outcome(task);
    if (copyOutcome === null) vendoredErrors.push(`Vendored copy at '${copy}' has no files at ${snapshot.source}`);
    else if (copyOutcome.error !== null) vendoredErrors.push(copyOutcome.error);
    else {
      vendoredDigests.set(copy, copyOutcome.digest);
      if (sourceDigest !== null && copyOutcome.digest !== sourceDigest) {
        vendoredErrors.push(`Vendored copy at '${copy}' differs from source (source=${sourceDigest}, copy=${copyOutcome.digest})`);
      }
    }
  }

  const entry: LockComponent = {
    version: plan.version,
    path: component.path,
    boundary_provider: component.boundary.provider,
    boundary_provider_version: providerVersion,
    boundary_status: boundaryStatus,
    consumers: sortByCodePoint(new Set(component.consumers)),
    external_consumers: sortByCodePoint(new Set(component.externalConsumers)),
    fingerprints: { exact: exactOutcome?.digest ?? null, behavior, boundary, compat: plan.compat },
    semver: { compat_family: plan.semver.compatFamily, api_surface: plan.semver.apiSurface, exact_version: plan.semver.exactVersion },
  };
  if (boundaryErrors.length > 0) entry.boundary_errors = boundaryErrors;
  if (metadata !== null) entry.boundary_metadata = metadata;
  if (plan.versionErrors.length > 0) entry.version_errors = plan.versionErrors;
  if (exactErrors.length > 0) entry.exact_errors = exactErrors;
  if (behaviorErrors.length > 0) entry.behavior_errors = behaviorErrors;
  if (component.vendoredCopies !== null) {
    entry.vendored_copies = [...component.vendoredCopies];
    if (vendoredDigests.size > 0) entry.vendored_digests = vendoredDigests;
  }
  if (vendoredErrors.length > 0) entry.vendored_errors = vendoredErrors;
  return entry;
}

/**
 * Computes the lock entries of `components` (keyed by name, in the given order): version and
 * semver, exact, boundary (through its provider), behavior (raw selection plus envelope), compat
 * and vendored digests. Every needed file of the snapshot is read once, in one streamed pass in
 * encoded path order that feeds every digest selecting it as the bytes arrive, so memory stays
 * bounded whatever the tree size. Failures become the entries' `*_errors` (generation refuses
 * such entries; verify reports them), never exceptions. `onRead` reports files read.
 */
export async function computeEntries(
  context: EngineContext,
  components: readonly ComponentConfig[],
  onRead?: (done: number, total: number, path: string) => void,
): Promise<Map<string, LockComponent>> {
  // Planning reads only version files; their reads share the snapshot's pipelined reader.
  const plans = await Promise.all(components.map((component) => planComponent(context, component)));
  const tasks: FileHashTask[] = [];
  const add = (task: FileHashTask | null): void => {
    if (task !== null) tasks.push(task);
  };
  for (const plan of plans) {
    add(plan.exactTask);
    if (plan.boundary.kind === 'task') add(plan.boundary.task);
    add(plan.behaviorTask);
    add(plan.vendoredSourceTask);
    for (const [, task] of plan.copyTasks) add(task);
  }
  const order = context.snapshot.entries.map((entry) => entry.path);
  const outcomes = await runFileHashPass(context.snapshot, order, tasks, context.limits.hash ?? {}, onRead);
  const byTask = new Map(tasks.map((task, index) => [task, outcomes[index]]));
  const lookup = (task: FileHashTask | null): FileHashOutcome | null => (task === null ? null : byTask.get(task)!);
  // Every API surface is asked for at once: requests that arrive together share one TypeScript
  // program (one per operation) instead of one each.
  const surfaces = new Map<ComponentPlan, Promise<CustomOutcome>>();
  for (const plan of plans) if (plan.boundary.kind === 'api') surfaces.set(plan, runApiSurface(context, plan.files, plan.boundary.entries));
  const entries = new Map<string, LockComponent>();
  for (const plan of plans) entries.set(plan.component.name, await finishComponent(context, plan, lookup, surfaces.get(plan)));
  return entries;
}

/** {@link computeEntries} for one component. */
export async function computeComponentEntry(context: EngineContext, component: ComponentConfig): Promise<LockComponent> {
  return (await computeEntries(context, [component])).get(component.name)!;
}

/** The content-only digest of the files below `base`, labelled relative to it. */
function contentOnlyTask(paths: readonly string[], base: string): FileHashTask {
  const relative = (path: string): string => (path === base ? '' : path.slice(base.length + 1));
  return { domain: 'content-only-tree', paths, label: (path) => label(FILE_PREFIX, relative(path)), labelBytes: fileLabelBytes(base), failurePrefix: 'Vendored digest failed: ' };
}

/**
 * The failures that make an entry unsafe to bless, as `<component>: <message>` lines: version,
 * exact, behavior and vendored errors, a boundary in status `error`, and status `partial` from any
 * provider but `implicit`. Generation refuses a lock with any; verify reports them as
 * CURRENT/LOCKED DIGEST ERROR.
 */
export function generationErrors(name: string, entry: LockComponent): string[] {
  const errors: string[] = [];
  for (const message of entry.version_errors ?? []) errors.push(`${name}: ${message}`);
  for (const message of entry.exact_errors ?? []) errors.push(`${name}: ${message}`);
  for (const message of entry.behavior_errors ?? []) errors.push(`${name}: ${message}`);
  if (entry.boundary_status === 'error') {
    const messages = entry.boundary_errors?.length ? entry.boundary_errors : ['Boundary computation failed'];
    for (const message of messages) errors.push(`${name}: ${message}`);
  } else if (entry.boundary_status === 'partial' && entry.boundary_provider !== 'implicit') {
    const detail = entry.boundary_errors?.length ? `: ${entry.boundary_errors.join('; ')}` : '';
    errors.push(`${name}: Boundary provider '${entry.boundary_provider}' returned a partial result, which a lock cannot bless${detail}`);
  }
  for (const message of entry.vendored_errors ?? []) errors.push(`${name}: ${message}`);
  return errors;
}
