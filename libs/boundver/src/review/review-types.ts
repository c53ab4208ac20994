import type { Facet } from '../config/config-types.js';
import type { JsonValue } from '../formats/json-value.js';

// The objects of `boundver review` and its plan, in the reference's `boundver-review/v1` and
// `boundver-plan/v1` shapes (snake_case keys, as they are printed). Lists are sorted by name
// (code point order) unless said otherwise.

/** Version of the review object. */
export const REVIEW_SCHEMA = 'boundver-review/v1' as const;
/** Version of the plan object. */
export const PLAN_SCHEMA = 'boundver-plan/v1' as const;
/** Version of the structural explanation inside both. */
export const STRUCTURAL_INTERFACE = 'boundver-structural-diff/v1' as const;

/** Which endpoint a graph fact comes from. */
export type ReviewSource = 'base' | 'target' | 'both';

/** A value before (base) and after (target). */
export interface ChangePair {
  readonly before: JsonValue;
  readonly after: JsonValue;
}

/** One endpoint, resolved once: the ref as asked, the commit it named, and the commit compared. */
export interface ReviewEndpoint {
  readonly requested_ref: string;
  /** The commit `requested_ref` named. */
  readonly requested_commit: string;
  /** The commit compared (the merge base for the base endpoint with `--merge-base`). */
  readonly commit: string;
  readonly tree: string;
  readonly source: 'git-commit';
  /** `<commit>:<repository-relative path>`. */
  readonly config: string;
  readonly lock: string;
}

/** verify's facet policy at one endpoint (its `facet_policy`). */
export interface ReviewFacetPolicy {
  readonly explicit: Facet[] | null;
  readonly defaults: Facet[] | null;
  readonly components: Record<string, Facet[]>;
  readonly slices: Record<string, { readonly mode: Facet; readonly gated: boolean }>;
}

/** Whether a facet gates at each endpoint; `effective` when at either. */
export interface FacetSelection {
  readonly base: boolean;
  readonly target: boolean;
  readonly effective: boolean;
}

/** A facet whose digest differs between the endpoints (null where absent). */
export interface FacetTransition {
  readonly facet: Facet;
  readonly before: string | null;
  readonly after: string | null;
  readonly selected: FacetSelection;
}

/** A component that was added, removed, or whose facets or metadata changed. */
export interface ComponentTransition {
  readonly name: string;
  readonly status: 'added' | 'removed' | 'changed';
  readonly before_version: string | null;
  readonly after_version: string | null;
  /** In the order exact, behavior, boundary, compat. */
  readonly facets: FacetTransition[];
  /** Lock metadata fields that differ (both endpoints have the component). */
  readonly metadata: Record<string, ChangePair>;
}

export interface SourcedName {
  readonly name: string;
  readonly source: ReviewSource;
}

export interface ConsumerEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: 'component' | 'external';
  readonly source: ReviewSource;
}

/** Who a component's boundary/compat change, or consumer-graph change, reaches, at either endpoint. */
export interface ReviewConsumerImpact {
  readonly component: string;
  readonly trigger_facets: Array<'boundary' | 'compat'>;
  readonly graph_changed: boolean;
  readonly transitive: boolean;
  readonly components: SourcedName[];
  readonly external_consumers: SourcedName[];
  readonly edges: ConsumerEdge[];
}

export interface SliceTransition {
  readonly name: string;
  readonly status: 'added' | 'removed' | 'changed';
  readonly before: string | null;
  readonly after: string | null;
  readonly metadata: Record<string, ChangePair>;
}

export interface SliceImpact {
  readonly name: string;
  readonly source: ReviewSource;
  readonly changed: boolean;
  readonly components: Array<{ readonly name: string; readonly roles: Array<'changed' | 'consumer'>; readonly source: ReviewSource }>;
}

/** What the structural explanation of one component read at one endpoint. */
export interface StructuralInput {
  readonly endpoint: 'base' | 'target';
  readonly requested_ref: string;
  readonly requested_commit: string;
  readonly commit: string;
  readonly tree: string;
  readonly source: 'git-commit';
  readonly present: boolean;
  readonly component_path: string | null;
  readonly provider: string | null;
  readonly provider_version: string | null;
  readonly boundary_digest: string | null;
}

/** One change inside a document; `path` is a JSON pointer. */
export interface StructuralChange {
  readonly kind: 'added' | 'removed' | 'changed';
  readonly path: string;
  readonly before_type: JsonTypeName | null;
  readonly after_type: JsonTypeName | null;
}

export type JsonTypeName = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';

export interface StructuralDocument {
  readonly label: string;
  readonly status: 'added' | 'removed' | 'changed';
  /** At least one. */
  readonly changes: StructuralChange[];
}

/** Why no structural explanation was given. */
export type StructuralReason =
  | 'component-absent'
  | 'provider-changed'
  | 'provider-version-changed'
  | 'provider-implementation-changed'
  | 'provider-unsupported'
  | 'provider-interface-unsupported'
  | 'provider-unavailable'
  | 'limit-exceeded';

/**
 * The structural explanation of one component's boundary change: `complete` with its documents,
 * or `unavailable` with a reason and no documents. An explanation, never a compatibility verdict.
 */
export interface StructuralReport {
  readonly component: string;
  readonly status: 'complete' | 'unavailable';
  readonly complete: boolean;
  readonly truncated: boolean;
  readonly interface: typeof STRUCTURAL_INTERFACE;
  readonly claim: 'structural-explanation-only';
  readonly inputs: { readonly base: StructuralInput; readonly target: StructuralInput };
  readonly reason: StructuralReason | null;
  readonly detail: string | null;
  readonly documents: StructuralDocument[];
  readonly summary: { readonly added: number; readonly removed: number; readonly changed: number };
}

export interface StructuralChanges {
  /** Every report is complete (true when there are none). */
  readonly complete: boolean;
  readonly truncated: boolean;
  readonly interface: typeof STRUCTURAL_INTERFACE;
  readonly claim: 'structural-explanation-only';
  readonly reports: StructuralReport[];
}

/** The review policy: every facet is compared; the endpoints' policies say which gate. */
export interface ReviewPolicy {
  readonly compared_facets: Facet[];
  readonly explicit_facets: Facet[] | null;
  readonly impact: 'direct' | 'transitive';
  readonly base: ReviewFacetPolicy;
  readonly target: ReviewFacetPolicy;
}

/** `boundver review --format json`: a complete comparison of two reconciled endpoints. */
export interface ReviewResult {
  readonly schema: typeof REVIEW_SCHEMA;
  readonly complete: true;
  readonly request: { readonly base: string; readonly target: string; readonly merge_base: boolean };
  readonly history: { readonly repository_shallow: boolean; readonly requirement: string };
  readonly endpoints: { readonly base: ReviewEndpoint; readonly target: ReviewEndpoint };
  readonly policy: ReviewPolicy;
  /** Lock-wide fields that differ: project, config_contract, config_digest. */
  readonly metadata: Record<string, ChangePair>;
  readonly components: { readonly changed: ComponentTransition[]; readonly unchanged: string[] };
  readonly structural_changes: StructuralChanges;
  readonly consumer_impact: ReviewConsumerImpact[];
  readonly slices: { readonly changed: SliceTransition[]; readonly unchanged: string[] };
  readonly slice_impact: SliceImpact[];
  readonly summary: { readonly changed_components: number; readonly consumer_impacts: number; readonly changed_slices: number; readonly impacted_slices: number };
}

/** A changed component as the plan routes it: which facets, which metadata fields. */
export interface PlanComponent {
  readonly name: string;
  readonly status: ComponentTransition['status'];
  readonly facets: Array<{ readonly facet: Facet; readonly selected: FacetSelection }>;
  readonly metadata: string[];
}

/** The name lists a CI routes on. */
export interface PlanSelection {
  readonly changed_components: string[];
  readonly impacted_components: string[];
  readonly external_consumers: string[];
  /** Changed or impacted components: what to test. */
  readonly test_components: string[];
  readonly changed_slices: string[];
  readonly impacted_slices: string[];
  readonly test_slices: string[];
}

/** `boundver review --format plan`: the review projected for CI routing. Routing evidence, not a compatibility verdict. */
export interface ReviewPlan {
  readonly schema: typeof PLAN_SCHEMA;
  readonly complete: true;
  readonly claim: 'routing-evidence-only';
  readonly request: ReviewResult['request'];
  readonly history: ReviewResult['history'];
  readonly endpoints: ReviewResult['endpoints'];
  readonly policy: ReviewPolicy;
  readonly changed_components: PlanComponent[];
  readonly consumer_impact: ReviewConsumerImpact[];
  readonly changed_slices: Array<{ readonly name: string; readonly status: SliceTransition['status'] }>;
  readonly slice_impact: SliceImpact[];
  readonly structural_changes: StructuralChanges;
  readonly selection: PlanSelection;
  /** Files of structural documents, where a document is a file of the component. */
  readonly source_locations: Array<{ readonly component: string; readonly path: string; readonly endpoint: 'base' | 'target'; readonly commit: string; readonly kind: 'structural-document' }>;
  readonly summary: {
    readonly changed_components: number;
    readonly impacted_components: number;
    readonly external_consumers: number;
    readonly test_components: number;
    readonly changed_slices: number;
    readonly impacted_slices: number;
    readonly test_slices: number;
    readonly structural_reports: number;
    readonly structural_complete: boolean;
  };
}
