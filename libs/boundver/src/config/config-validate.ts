import {
  availableFacets,
  BUILT_IN_PROVIDER_NAMES,
  COMPAT_MODES,
  FACETS,
  type BoundverConfig,
  type ComponentConfig,
  type CustomProviderDeclaration,
  type Facet,
  type SliceConfig,
  type VersionSource,
} from './config-types.js';
import { configSchemaIssues } from './config-schema.js';
import { EXTENSION_PROVIDERS } from '../providers/provider-registry.js';
import { consumerClosure, type ConsumerNode } from './consumers.js';
import { declaredPathProblem, isGlobPattern, pythonStrip } from '../paths/declared-path.js';
import { isJsonObject, isStringArray, type JsonObject, type JsonValue } from '../formats/json-value.js';
import {
  MAX_COMPONENTS,
  MAX_CUSTOM_PROVIDERS,
  MAX_DIAGNOSTIC_VALUE_CHARS,
  MAX_IDENTIFIER_CHARS,
  MAX_PATH_DECLARATIONS,
  MAX_VALIDATION_ISSUES,
} from '../limits.js';
import type { CompatMode } from '../versions/semver.js';
import { pythonStrRepr } from '../formats/python-str.js';
import { validateGitTagPrefix, versionFileFormat } from '../versions/versions.js';

/** Options of {@link validateConfig}. */
export interface ValidateConfigOptions {
  /**
   * Strict-generation slice rule: a slice whose mode some member cannot produce is an error.
   * Off for `--allow-partial`. Default true.
   */
  requireSliceFacets?: boolean;
  /** Also run the JSON Schema (ajv). Default true. */
  schema?: boolean;
}

/** Result of {@link validateConfig}: a typed config only when there are no issues. */
export interface ConfigValidation {
  readonly config: BoundverConfig | null;
  /** Human-readable problems, at most 100 (the last one then says validation stopped). */
  readonly issues: string[];
}

const ROOT_FIELDS = new Set(['$schema', 'project', 'providers', 'defaults', 'components', 'slices']);
const DEFAULT_FIELDS = new Set(['compat_mode', 'verify_facets']);
const PROVIDER_FIELDS = new Set(['module', 'class', 'name']);
const COMPONENT_FIELDS = new Set([
  'path',
  'ecosystem',
  'note',
  'version_source',
  'boundary',
  'behavior',
  'vendored_copies',
  'consumers',
  'external_consumers',
  'verify_facets',
]);
const BOUNDARY_FIELDS = new Set(['provider', 'paths', 'options', 'note']);
const BEHAVIOR_FIELDS = new Set(['paths']);
const VERSION_FILE_FIELDS = new Set(['file', 'field']);
const VERSION_TAG_FIELDS = new Set(['git_tag_prefix']);
const SLICE_FIELDS = new Set(['description', 'mode', 'components', 'closure_of']);
const FACET_SET = new Set<string>(FACETS);
const BUILT_INS = new Set(BUILT_IN_PROVIDER_NAMES);
const JS_IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u;

/** A preview of untrusted text for a message, capped at 500 characters. */
function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)) ?? String(value);
  return text.length > MAX_DIAGNOSTIC_VALUE_CHARS ? `${text.slice(0, MAX_DIAGNOSTIC_VALUE_CHARS - 3)}...` : text;
}

/**
 * Why a component name (or a reference to one) cannot be addressed from a comma-separated CLI
 * list, or null when it can.
 */
export function componentNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name === '') return 'must be a non-empty string';
  if (name.length > MAX_IDENTIFIER_CHARS) return `exceeds the ${MAX_IDENTIFIER_CHARS}-character limit`;
  if (pythonStrip(name) !== name) return 'must not have leading or trailing whitespace';
  if (name.includes(',')) return "must not contain ',' because component filters are comma-separated lists";
  return null;
}

class Issues {
  readonly list: string[] = [];
  private stopped = false;

  add(message: string): void {
    if (this.stopped) return;
    if (this.list.length >= MAX_VALIDATION_ISSUES - 1) {
      this.list.push(`Config validation stopped after reaching the ${MAX_VALIDATION_ISSUES}-issue limit`);
      this.stopped = true;
      return;
    }
    this.list.push(message);
  }

  unknownFields(value: JsonObject, allowed: ReadonlySet<string>, context: string): void {
    for (const key of value.keys()) if (!allowed.has(key)) this.add(`Unknown field in ${context}: ${preview(key)}`);
  }
}

function hasDuplicates(values: readonly string[]): boolean {
  return new Set(values).size !== values.length;
}

/**
 * Validates a parsed config against the schema and every semantic rule the generator relies on
 * (names, paths, providers, consumers, version sources, facet policies, slices). Checks that
 * need repository files (paths existing, behavior covering boundary) belong to generation.
 */
export function validateConfig(document: JsonValue, options: ValidateConfigOptions = {}): ConfigValidation {
  if (!isJsonObject(document)) return { config: null, issues: ['Config root must be an object'] };
  const issues = new Issues();
  if (options.schema ?? true) for (const message of configSchemaIssues(document)) issues.add(message);
  issues.unknownFields(document, ROOT_FIELDS, 'config');
  for (const required of ['project', 'components']) {
    if (!document.has(required)) issues.add(`Missing required top-level field: ${required}`);
  }
  const project = document.get('project');
  if (document.has('project')) {
    if (typeof project !== 'string' || pythonStrip(project) === '') issues.add("Field 'project' must be a non-empty string");
    else if (pythonStrip(project) !== project) issues.add("Field 'project' must not have surrounding whitespace");
  }
  if (document.has('$schema') && typeof document.get('$schema') !== 'string') issues.add("Field '$schema' must be a string");

  // defaults
  const defaultsValue = document.get('defaults') ?? new Map();
  const defaults: JsonObject = isJsonObject(defaultsValue) ? defaultsValue : new Map();
  if (!isJsonObject(defaultsValue)) issues.add("Field 'defaults' must be an object");
  issues.unknownFields(defaults, DEFAULT_FIELDS, 'defaults');
  const compatModeValue = defaults.get('compat_mode') ?? 'major';
  const compatMode = COMPAT_MODES.find((mode) => mode === compatModeValue);
  if (compatMode === undefined) issues.add(`Unsupported defaults.compat_mode: ${preview(compatModeValue)}`);
  const defaultFacets = facetList(defaults.get('verify_facets'), 'defaults.verify_facets', issues);

  // providers
  const providers = validateProviders(document.get('providers'), issues);
  const customNames = new Set(providers?.map((provider) => provider.name) ?? []);

  // components
  const componentsValue = document.get('components');
  let componentEntries: Array<[string, JsonValue]> = [];
  if (document.has('components')) {
    if (!isJsonObject(componentsValue)) issues.add("Field 'components' must be an object");
    else if (componentsValue.size === 0) issues.add("Field 'components' must define at least one component");
    else if (componentsValue.size > MAX_COMPONENTS) issues.add(`Field 'components' exceeds the ${MAX_COMPONENTS}-component limit`);
    else componentEntries = [...componentsValue];
  }
  const componentNames = new Set(componentEntries.map(([name]) => name));
  const components: ComponentConfig[] = [];
  const seenPaths = new Map<string, string>();
  const externalLabels = new Set<string>();
  for (const [name, value] of componentEntries) {
    const component = validateComponent(name, value, {
      issues,
      componentNames,
      customNames,
      providersDeclared: document.has('providers'),
      defaultFacets,
      externalLabels,
    });
    if (component === null) continue;
    const other = seenPaths.get(component.path);
    if (other !== undefined) issues.add(`Duplicate component path '${component.path}' used by '${other}' and '${name}'`);
    else seenPaths.set(component.path, name);
    components.push(component);
  }
  if (externalLabels.size > MAX_COMPONENTS) {
    issues.add(`Config declares more than ${MAX_COMPONENTS} distinct external consumer labels`);
  }

  // slices
  const slicesValue = document.get('slices') ?? new Map();
  const slices: SliceConfig[] = [];
  if (!isJsonObject(slicesValue)) issues.add("Field 'slices' must be an object");
  else {
    const graph = new Map<string, ConsumerNode>(
      components.map((component) => [component.name, { consumers: component.consumers, externalConsumers: component.externalConsumers }]),
    );
    const byName = new Map(components.map((component) => [component.name, component]));
    for (const [name, value] of slicesValue) {
      const slice = validateSlice(name, value, issues, componentNames, graph, byName, options.requireSliceFacets ?? true);
      if (slice !== null) slices.push(slice);
    }
  }

  if (issues.list.length > 0 || compatMode === undefined || providers === null) return { config: null, issues: issues.list };
  return {
    config: {
      project: project as string,
      providers,
      compatMode: compatMode as CompatMode,
      defaultVerifyFacets: defaultFacets,
      components,
      slices,
      raw: document,
    },
    issues: [],
  };
}

function facetList(value: JsonValue | undefined, context: string, issues: Issues): Facet[] | null {
  if (value === undefined || value === null) return null;
  if (!isStringArray(value) || value.length === 0) {
    issues.add(`${context} must be a non-empty array of strings`);
    return null;
  }
  if (hasDuplicates(value)) issues.add(`${context} contains duplicates`);
  const unknown = [...new Set(value.filter((facet) => !FACET_SET.has(facet)))].sort();
  if (unknown.length > 0) issues.add(`${context} contains unknown facets: ${unknown.map(preview).join(', ')}`);
  return value.filter((facet): facet is Facet => FACET_SET.has(facet));
}

function validateProviders(value: JsonValue | undefined, issues: Issues): CustomProviderDeclaration[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    issues.add("Top-level 'providers' must be an array");
    return null;
  }
  if (value.length > MAX_CUSTOM_PROVIDERS) {
    issues.add(`Top-level 'providers' exceeds the ${MAX_CUSTOM_PROVIDERS}-provider limit`);
    return null;
  }
  const declarations: CustomProviderDeclaration[] = [];
  const seen = new Set<string>();
  value.forEach((entry, index) => {
    const context = `providers[${index}]`;
    if (!isJsonObject(entry)) {
      issues.add(`${context} must be an object`);
      return;
    }
    issues.unknownFields(entry, PROVIDER_FIELDS, context);
    const moduleName = entry.get('module');
    const className = entry.get('class');
    let valid = true;
    for (const [field, fieldValue] of [['module', moduleName], ['class', className]] as const) {
      if (typeof fieldValue !== 'string' || pythonStrip(fieldValue) === '') {
        issues.add(`${context} missing required string field '${field}'`);
        valid = false;
      }
    }
    if (typeof className === 'string' && pythonStrip(className) !== '' && !JS_IDENTIFIER.test(className)) {
      issues.add(`${context} class name ${pythonStrRepr(className)} is not a valid JavaScript identifier`);
      valid = false;
    }
    let name = typeof className === 'string' ? `custom.${className}` : '';
    if (entry.has('name')) {
      const declared = entry.get('name');
      if (typeof declared !== 'string' || pythonStrip(declared) === '') {
        issues.add(`${context} field 'name' must be a non-empty string`);
        valid = false;
      } else if (pythonStrip(declared) !== declared) {
        issues.add(`${context} field 'name' must not have surrounding whitespace`);
        valid = false;
      } else if (!declared.startsWith('custom.') || declared === 'custom.') {
        issues.add(
          `${context} field 'name' must start with 'custom.' and name the provider after the prefix (got ${pythonStrRepr(declared)}, try 'custom.${declared}')`,
        );
        valid = false;
      } else {
        name = declared;
      }
    }
    if (!valid) return;
    if (seen.has(name)) issues.add(`${context} declares provider name '${name}' more than once`);
    seen.add(name);
    declarations.push({ module: moduleName as string, className: className as string, name });
  });
  return declarations;
}

interface ComponentContext {
  readonly issues: Issues;
  readonly componentNames: ReadonlySet<string>;
  readonly customNames: ReadonlySet<string>;
  readonly providersDeclared: boolean;
  readonly defaultFacets: readonly Facet[] | null;
  readonly externalLabels: Set<string>;
}

function pathList(
  owner: JsonObject,
  label: string,
  componentName: string,
  issues: Issues,
): string[] | null {
  if (!owner.has('paths')) return null;
  const value = owner.get('paths');
  if (!isStringArray(value)) {
    issues.add(`Component '${componentName}' field '${label}.paths' must be an array of strings`);
    return null;
  }
  if (value.length > MAX_PATH_DECLARATIONS) {
    issues.add(`Component '${componentName}' field '${label}.paths' exceeds the ${MAX_PATH_DECLARATIONS}-declaration limit`);
    return null;
  }
  if (hasDuplicates(value)) issues.add(`Component '${componentName}' field '${label}.paths' contains duplicates`);
  for (const path of value) {
    const problem = declaredPathProblem(path);
    if (problem !== null) issues.add(`Component '${componentName}' ${label} path ${pythonStrRepr(path)} ${problem}`);
  }
  return value;
}

function validateComponent(name: string, value: JsonValue, context: ComponentContext): ComponentConfig | null {
  const { issues } = context;
  const nameProblem = componentNameProblem(name);
  if (nameProblem !== null) {
    issues.add(`Component name ${pythonStrRepr(preview(name))} ${nameProblem}`);
    return null;
  }
  if (!isJsonObject(value)) {
    issues.add(`Component '${name}' must be an object`);
    return null;
  }
  const before = issues.list.length;
  issues.unknownFields(value, COMPONENT_FIELDS, `component '${name}'`);
  for (const field of ['ecosystem', 'note']) {
    if (value.has(field) && typeof value.get(field) !== 'string') issues.add(`Component '${name}' field '${field}' must be a string`);
  }

  // path
  let path: string | null = null;
  const rawPath = value.get('path');
  if (!value.has('path')) issues.add(`Component '${name}' missing required field: path`);
  else if (typeof rawPath !== 'string' || pythonStrip(rawPath) === '') issues.add(`Component '${name}' field 'path' must be a non-empty string`);
  else if (pythonStrip(rawPath).replace(/\/+$/, '') === '.') {
    issues.add(
      `Component '${name}' cannot use the repository root as its path: the lock file would fingerprint itself. Move the component into a subdirectory.`,
    );
  } else {
    const problem = declaredPathProblem(rawPath);
    if (problem !== null) issues.add(`Component '${name}' path ${pythonStrRepr(rawPath)} ${problem}`);
    else if (isGlobPattern(rawPath)) issues.add(`Component '${name}' path must be a literal directory, not a glob: ${rawPath}`);
    else path = rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
  }

  // boundary
  let boundary: ComponentConfig['boundary'] | null = null;
  const boundaryValue = value.get('boundary');
  if (!value.has('boundary')) issues.add(`Component '${name}' missing required field: boundary`);
  else if (!isJsonObject(boundaryValue)) issues.add(`Component '${name}' boundary must be an object`);
  else boundary = validateBoundary(name, boundaryValue, context);

  // behavior
  let behaviorPaths: string[] | null = null;
  const behaviorValue = value.get('behavior');
  if (behaviorValue !== undefined && behaviorValue !== null) {
    if (!isJsonObject(behaviorValue)) issues.add(`Component '${name}' behavior must be an object`);
    else {
      issues.unknownFields(behaviorValue, BEHAVIOR_FIELDS, `component '${name}' behavior`);
      behaviorPaths = pathList(behaviorValue, 'behavior', name, issues);
    }
  }

  // vendored copies
  let vendoredCopies: string[] | null = null;
  if (value.has('vendored_copies')) {
    const copies = value.get('vendored_copies');
    if (!isStringArray(copies)) issues.add(`Component '${name}' field 'vendored_copies' must be an array of strings`);
    else {
      vendoredCopies = copies;
      if (hasDuplicates(copies)) issues.add(`Component '${name}' field 'vendored_copies' contains duplicates`);
      for (const copy of copies) {
        const normalized = declaredPathProblem(copy) === null && !isGlobPattern(copy) ? copy.replace(/\/$/, '') : null;
        if (normalized === null) {
          issues.add(`Component '${name}' vendored copy must be a safe repository-relative literal path using '/' separators: ${pythonStrRepr(copy)}`);
        } else if (path !== null && (normalized === path || normalized.startsWith(`${path}/`) || path.startsWith(`${normalized}/`))) {
          issues.add(`Component '${name}' vendored copy overlaps its source component: ${normalized}`);
        }
      }
    }
  }

  const consumers = consumerList(name, value, 'consumers', context);
  const externalConsumers = consumerList(name, value, 'external_consumers', context);
  const verifyFacets = facetList(value.get('verify_facets'), `Component '${name}' field 'verify_facets'`, issues);
  const versionSource = validateVersionSource(name, value, issues);

  if (path === null || boundary === null || issues.list.length !== before) return null;
  const component: ComponentConfig = {
    name,
    path,
    ecosystem: typeof value.get('ecosystem') === 'string' ? (value.get('ecosystem') as string) : null,
    note: typeof value.get('note') === 'string' ? (value.get('note') as string) : null,
    versionSource,
    boundary,
    behaviorPaths,
    vendoredCopies,
    consumers,
    externalConsumers,
    verifyFacets,
  };
  // An explicit gate must be producible; the policy-free fallback never asks for more.
  const explicit = verifyFacets ?? context.defaultFacets;
  if (explicit !== null) {
    const available = new Set(availableFacets(component));
    if (explicit.includes('compat') && !available.has('compat')) {
      issues.add(`Component '${name}' explicitly gates 'compat' but has no version_source`);
    }
    if (explicit.includes('behavior') && !available.has('behavior')) {
      issues.add(`Component '${name}' explicitly gates 'behavior' but has no behavior.paths`);
    }
    if (explicit.includes('boundary') && !available.has('boundary')) {
      issues.add(`Component '${name}' explicitly gates 'boundary' but provider '${boundary.provider}' has no boundary paths`);
    }
  }
  return component;
}

function validateBoundary(name: string, boundary: JsonObject, context: ComponentContext): ComponentConfig['boundary'] | null {
  const { issues } = context;
  const before = issues.list.length;
  issues.unknownFields(boundary, BOUNDARY_FIELDS, `component '${name}' boundary`);
  const provider = boundary.get('provider');
  let providerName: string | null = null;
  if (!boundary.has('provider')) issues.add(`Component '${name}' missing required field: boundary.provider`);
  else if (typeof provider !== 'string' || pythonStrip(provider) === '') {
    issues.add(`Component '${name}' field 'boundary.provider' must be a non-empty string`);
  } else if (pythonStrip(provider) !== provider) {
    issues.add(`Component '${name}' boundary.provider must not have surrounding whitespace`);
  } else if (provider.startsWith('custom.')) {
    if (provider === 'custom.') issues.add(`Component '${name}' boundary.provider must name the provider after the 'custom.' prefix`);
    else if (!context.providersDeclared) {
      issues.add(`Component '${name}' uses '${provider}' but the config declares no 'providers' list; add a top-level 'providers' array`);
    } else if (!context.customNames.has(provider)) {
      issues.add(`Component '${name}' uses '${provider}' which is not declared in 'providers'; add an entry with "name": "${provider}"`);
    } else providerName = provider;
  } else if (!BUILT_INS.has(provider)) {
    issues.add(`Component '${name}': Unknown boundary provider: ${pythonStrRepr(provider)}`);
  } else providerName = provider;

  const options = boundary.get('options');
  if (boundary.has('options') && !isJsonObject(options)) issues.add(`Component '${name}' field 'boundary.options' must be an object`);
  const note = boundary.get('note');
  if (boundary.has('note') && typeof note !== 'string') issues.add(`Component '${name}' field 'boundary.note' must be a string`);
  const paths = pathList(boundary, 'boundary', name, issues);
  if (providerName === 'leaf' && paths !== null && paths.length > 0) {
    issues.add(`Component '${name}': provider 'leaf' publishes no boundary and must not declare paths; remove boundary.paths`);
  } else if (
    providerName !== null &&
    BUILT_INS.has(providerName) &&
    providerName !== 'implicit' &&
    providerName !== 'leaf' &&
    // API-surface providers find their entry points when none are declared.
    !EXTENSION_PROVIDERS.has(providerName) &&
    (paths === null || paths.length === 0)
  ) {
    issues.add(`Component '${name}': No boundary paths declared for explicit boundary provider`);
  }
  if (providerName === null || issues.list.length !== before) return null;
  return {
    provider: providerName,
    paths,
    options: isJsonObject(options) ? options : null,
    note: typeof note === 'string' ? note : null,
  };
}

function consumerList(name: string, component: JsonObject, field: 'consumers' | 'external_consumers', context: ComponentContext): string[] {
  const { issues } = context;
  const value = component.get(field);
  if (value === undefined || value === null) return [];
  if (!isStringArray(value)) {
    issues.add(`Component '${name}' field '${field}' must be an array of strings`);
    return [];
  }
  if (value.length > MAX_COMPONENTS) issues.add(`Component '${name}' field '${field}' exceeds the ${MAX_COMPONENTS}-entry limit`);
  if (hasDuplicates(value)) issues.add(`Component '${name}' field '${field}' contains duplicates`);
  const label = field === 'consumers' ? 'consumer' : 'external consumer';
  for (const consumer of value) {
    if (consumer.length > MAX_IDENTIFIER_CHARS) {
      issues.add(`Component '${name}' ${label} identifier exceeds the ${MAX_IDENTIFIER_CHARS}-character limit: ${preview(consumer)}`);
    } else if (pythonStrip(consumer) === '' || pythonStrip(consumer) !== consumer) {
      issues.add(`Component '${name}' ${label} identifiers must be non-empty and have no surrounding whitespace: ${pythonStrRepr(consumer)}`);
    } else if (field === 'consumers') {
      if (consumer === name) issues.add(`Component '${name}' cannot consume its own boundary`);
      else if (!context.componentNames.has(consumer)) issues.add(`Component '${name}' references unknown consumer: ${consumer}`);
    } else if (context.componentNames.has(consumer)) {
      issues.add(`Component '${name}' external consumer '${consumer}' is a configured component; declare it in 'consumers' instead`);
    } else {
      context.externalLabels.add(consumer);
    }
  }
  return value;
}

function validateVersionSource(name: string, component: JsonObject, issues: Issues): VersionSource | null {
  const value = component.get('version_source');
  if (value === undefined || value === null) return null;
  if (!isJsonObject(value)) {
    issues.add(`Component '${name}' field 'version_source' must be an object`);
    return null;
  }
  if (value.has('git_tag_prefix')) {
    issues.unknownFields(value, VERSION_TAG_FIELDS, `component '${name}' version_source`);
    const prefix = value.get('git_tag_prefix');
    const problem = validateGitTagPrefix(prefix);
    if (problem !== null) {
      issues.add(`Component '${name}' version_source.git_tag_prefix ${problem}`);
      return null;
    }
    return { kind: 'git-tag', gitTagPrefix: prefix as string };
  }
  if (value.has('file')) {
    issues.unknownFields(value, VERSION_FILE_FIELDS, `component '${name}' version_source`);
    const file = value.get('file');
    const field = value.get('field');
    let valid = true;
    if (typeof file !== 'string' || declaredPathProblem(file) !== null || isGlobPattern(file)) {
      issues.add(`Component '${name}' version_source.file must be a safe component-relative path using '/' separators: ${preview(file)}`);
      valid = false;
    } else if (versionFileFormat(file) === null) {
      issues.add(`Component '${name}' version_source.file has an unsupported extension; use .json, .toml, .yaml or .yml`);
      valid = false;
    }
    if (!value.has('field')) {
      issues.add(`Component '${name}' version_source has 'file' but no 'field'; name the field to read, e.g. "field": "version"`);
      valid = false;
    } else if (typeof field !== 'string' || pythonStrip(field) === '') {
      issues.add(`Component '${name}' version_source.field must be a non-empty string`);
      valid = false;
    } else if (pythonStrip(field) !== field) {
      issues.add(`Component '${name}' version_source.field must not have surrounding whitespace`);
      valid = false;
    }
    return valid ? { kind: 'file', file: (file as string).replace(/\/$/, ''), field: field as string } : null;
  }
  issues.unknownFields(value, new Set([...VERSION_FILE_FIELDS, ...VERSION_TAG_FIELDS]), `component '${name}' version_source`);
  issues.add(`Component '${name}' version_source must have either 'file' or 'git_tag_prefix'`);
  return null;
}

/** The actionable error for an explicit slice with no members, or null. */
export function emptySliceError(sliceName: string, slice: JsonValue): string | null {
  if (!isJsonObject(slice)) return null;
  const members = slice.get('components');
  if (!Array.isArray(members) || members.length > 0) return null;
  return `Slice '${sliceName}' field 'components' must contain at least one configured component; add a component name or remove the empty slice`;
}

function validateSlice(
  name: string,
  value: JsonValue,
  issues: Issues,
  componentNames: ReadonlySet<string>,
  graph: ReadonlyMap<string, ConsumerNode>,
  byName: ReadonlyMap<string, ComponentConfig>,
  requireSliceFacets: boolean,
): SliceConfig | null {
  if (pythonStrip(name) === '') {
    issues.add('Slice names must be non-empty strings');
    return null;
  }
  if (!isJsonObject(value)) {
    issues.add(`Slice '${name}' must be an object`);
    return null;
  }
  const before = issues.list.length;
  issues.unknownFields(value, SLICE_FIELDS, `slice '${name}'`);
  const modeValue = value.get('mode') ?? 'exact';
  const mode = FACETS.find((facet) => facet === modeValue);
  if (mode === undefined) issues.add(`Slice '${name}' has unknown mode: ${preview(modeValue)}`);
  const description = value.get('description') ?? '';
  if (typeof description !== 'string') issues.add(`Slice '${name}' field 'description' must be a string`);
  const hasComponents = value.has('components');
  const hasClosure = value.has('closure_of');
  let members: string[] = [];
  let explicit: string[] | null = null;
  let closureOf: string | null = null;
  if (hasComponents === hasClosure) {
    issues.add(`Slice '${name}' must define exactly one of 'components' or 'closure_of'`);
  } else if (hasComponents) {
    const list = value.get('components');
    const empty = emptySliceError(name, value);
    if (empty !== null) issues.add(empty);
    else if (!isStringArray(list)) issues.add(`Slice '${name}' field 'components' must be an array of strings`);
    else {
      if (hasDuplicates(list)) issues.add(`Slice '${name}' field 'components' contains duplicates`);
      explicit = list;
      members = [...new Set(list)];
    }
  } else {
    const seed = value.get('closure_of');
    if (typeof seed !== 'string' || pythonStrip(seed) === '' || pythonStrip(seed) !== seed) {
      issues.add(`Slice '${name}' field 'closure_of' must be a non-empty component name with no surrounding whitespace`);
    } else if (!componentNames.has(seed)) {
      issues.add(`Slice '${name}' closure_of references unknown component: ${seed}`);
    } else {
      closureOf = seed;
      members = consumerClosure(graph, [seed], true);
    }
  }
  for (const member of members) {
    if (!componentNames.has(member)) {
      issues.add(`Slice '${name}' references unknown component: ${member}`);
      continue;
    }
    const component = byName.get(member);
    if (!requireSliceFacets || mode === undefined || mode === 'exact' || component === undefined) continue;
    if (availableFacets(component).includes(mode)) continue;
    const detail =
      mode === 'boundary'
        ? `provider '${component.boundary.provider}' does not produce a boundary digest from this declaration`
        : mode === 'behavior'
          ? 'the component has no non-empty behavior.paths'
          : 'the component has no version_source';
    issues.add(`Slice '${name}' mode '${mode}' requires ${mode} digest from component '${member}' to supply that facet, but ${detail}`);
  }
  if (mode === undefined || issues.list.length !== before) return null;
  return { name, description: description as string, mode, components: explicit, closureOf };
}
