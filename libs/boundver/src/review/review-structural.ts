import { apiSymbolChanges } from '../api-surface/api-surface-entries.js';
import { CANONICAL_PROVIDERS, type CanonicalDocuments, StructuralLimitError, canonicalDocumentChanges } from './review-canonical-documents.js';
import type { LockComponent } from '../lock/lock-types.js';
import {
  type ComponentTransition,
  type ReviewEndpoint,
  STRUCTURAL_INTERFACE,
  type StructuralChange,
  type StructuralChanges,
  type StructuralDocument,
  type StructuralInput,
  type StructuralReason,
  type StructuralReport,
} from './review-types.js';

/** The document an API-surface boundary is explained with: its `boundary_metadata.api_symbols`. */
export const API_SYMBOLS_DOCUMENT = 'boundary_metadata.api_symbols';

/** A JSON pointer token (RFC 6901): `~` as `~0`, `/` as `~1`. */
function pointerToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function input(endpoint: 'base' | 'target', at: ReviewEndpoint, entry: LockComponent | undefined): StructuralInput {
  return {
    endpoint,
    requested_ref: at.requested_ref,
    requested_commit: at.requested_commit,
    commit: at.commit,
    tree: at.tree,
    source: 'git-commit',
    present: entry !== undefined,
    component_path: entry?.path ?? null,
    provider: entry?.boundary_provider ?? null,
    provider_version: entry?.boundary_provider_version ?? null,
    boundary_digest: entry?.fingerprints.boundary ?? null,
  };
}

function unavailable(base: Omit<StructuralReport, 'status' | 'complete' | 'reason' | 'detail' | 'documents' | 'summary'>, reason: StructuralReason, detail: string): StructuralReport {
  return { ...base, status: 'unavailable', complete: false, reason, detail, documents: [], summary: { added: 0, removed: 0, changed: 0 } };
}

/** Reads a canonical-provider component's boundary documents at one endpoint. */
export type DocumentsAt = (endpoint: 'base' | 'target', component: string) => Promise<CanonicalDocuments>;

function counts(documents: readonly StructuralDocument[]): StructuralReport['summary'] {
  const summary = { added: 0, removed: 0, changed: 0 };
  for (const document of documents) for (const change of document.changes) summary[change.kind] += 1;
  return summary;
}

/**
 * The structural explanation of each changed component whose boundary digest changed. An
 * API-surface provider (`typescript-api`, `signatures`) is explained by its exported symbols: the
 * `api_symbols` map of its lock metadata, each added, removed or changed symbol one change at
 * `/<symbol>`. A `json-canonical` / `openapi-canonical` boundary is explained by its documents,
 * read from both commits and compared value by value (`canonical:<path>`, JSON-pointer changes).
 * Other providers, a component present at one endpoint only, a provider that changed between
 * them, an unreadable document or more than 10,000 changes get an `unavailable` report saying
 * why; the boundary change itself is in the component's facets either way.
 */
export async function structuralChanges(
  changed: readonly ComponentTransition[],
  locks: { readonly base: ReadonlyMap<string, LockComponent>; readonly target: ReadonlyMap<string, LockComponent> },
  endpoints: { readonly base: ReviewEndpoint; readonly target: ReviewEndpoint },
  documentsAt: DocumentsAt,
): Promise<StructuralChanges> {
  const reports: StructuralReport[] = [];
  for (const transition of changed) {
    if (!transition.facets.some((facet) => facet.facet === 'boundary')) continue;
    const before = locks.base.get(transition.name);
    const after = locks.target.get(transition.name);
    const common = {
      component: transition.name,
      truncated: false,
      interface: STRUCTURAL_INTERFACE,
      claim: 'structural-explanation-only' as const,
      inputs: { base: input('base', endpoints.base, before), target: input('target', endpoints.target, after) },
    };
    if (before === undefined || after === undefined) {
      reports.push(unavailable(common, 'component-absent', `${transition.name} exists only at the ${before === undefined ? 'target' : 'base'} endpoint; there is no earlier boundary to compare with.`));
      continue;
    }
    if (before.boundary_provider !== after.boundary_provider) {
      reports.push(unavailable(common, 'provider-changed', `The boundary provider changed from ${before.boundary_provider} to ${after.boundary_provider}; the two boundaries are not comparable structure by structure.`));
      continue;
    }
    if (before.boundary_provider_version !== after.boundary_provider_version) {
      reports.push(unavailable(common, 'provider-version-changed', `The ${after.boundary_provider} provider changed version (${before.boundary_provider_version ?? 'none'} to ${after.boundary_provider_version ?? 'none'}).`));
      continue;
    }
    const api = apiSymbolChanges(before.boundary_metadata, after.boundary_metadata);
    if (api === undefined && CANONICAL_PROVIDERS.has(after.boundary_provider)) {
      let documents: StructuralDocument[];
      try {
        documents = canonicalDocumentChanges(await documentsAt('base', transition.name), await documentsAt('target', transition.name));
      } catch (error) {
        if (error instanceof StructuralLimitError) {
          reports.push({ ...unavailable(common, 'limit-exceeded', `The boundary documents differ in ${error.message}; no partial explanation is given.`), truncated: true });
        } else {
          reports.push(unavailable(common, 'provider-unavailable', `The boundary documents could not be read at both commits: ${(error as Error).message}`));
        }
        continue;
      }
      if (documents.length === 0) {
        reports.push(unavailable(common, 'provider-implementation-changed', 'The boundary digest changed but no canonical document did; see the boundary facet.'));
        continue;
      }
      reports.push({ ...common, status: 'complete', complete: true, reason: null, detail: null, documents, summary: counts(documents) });
      continue;
    }
    if (api === undefined) {
      reports.push(
        unavailable(common, 'provider-unsupported', `No structural explanation for the ${after.boundary_provider} provider; API-surface providers (typescript-api, signatures) name the symbols that changed, json-canonical and openapi-canonical the values.`),
      );
      continue;
    }
    const changes: StructuralChange[] = [
      ...api.added.map((key): StructuralChange => ({ kind: 'added', path: `/${pointerToken(key)}`, before_type: null, after_type: 'string' })),
      ...api.removed.map((key): StructuralChange => ({ kind: 'removed', path: `/${pointerToken(key)}`, before_type: 'string', after_type: null })),
      ...api.changed.map((key): StructuralChange => ({ kind: 'changed', path: `/${pointerToken(key)}`, before_type: 'string', after_type: 'string' })),
    ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    if (changes.length === 0) {
      reports.push(unavailable(common, 'provider-implementation-changed', 'The boundary digest changed but no exported symbol did (the files behind the surface changed); see the boundary facet.'));
      continue;
    }
    reports.push({
      ...common,
      status: 'complete',
      complete: true,
      reason: null,
      detail: null,
      documents: [{ label: API_SYMBOLS_DOCUMENT, status: 'changed', changes }],
      summary: { added: api.added.length, removed: api.removed.length, changed: api.changed.length },
    });
  }
  return { complete: reports.every((report) => report.complete), truncated: reports.some((report) => report.truncated), interface: STRUCTURAL_INTERFACE, claim: 'structural-explanation-only', reports };
}
