import { PLAN_SCHEMA, type ReviewConsumerImpact, type ReviewPlan, type ReviewResult, type StructuralChanges } from './review-types.js';
import { compareCodePoints } from '../formats/string-order.js';

const sortNames = (names: Iterable<string>): string[] => [...new Set(names)].sort(compareCodePoints);

function impactNames(impacts: readonly ReviewConsumerImpact[]): { components: string[]; external: string[] } {
  return {
    components: sortNames(impacts.flatMap((impact) => impact.components.map((row) => row.name))),
    external: sortNames(impacts.flatMap((impact) => impact.external_consumers.map((row) => row.name))),
  };
}

/**
 * The files structural documents came from, for a CI to point at. Only documents labelled
 * `canonical:<component-relative path>` are files; the API-surface explanation is the lock's
 * symbol map, which is none.
 */
function sourceLocations(structural: StructuralChanges): ReviewPlan['source_locations'] {
  const locations = new Map<string, ReviewPlan['source_locations'][number]>();
  for (const report of structural.reports) {
    if (!report.complete) continue;
    for (const document of report.documents) {
      if (!document.label.startsWith('canonical:')) continue;
      const endpoint = document.status === 'removed' ? 'base' : 'target';
      const input = report.inputs[endpoint];
      if (!input.present || input.component_path === null) continue;
      const relative = document.label.slice('canonical:'.length);
      if (relative === '' || relative.split('/').some((part) => part === '' || part === '.' || part === '..')) continue;
      const path = `${input.component_path}/${relative}`;
      locations.set(JSON.stringify([report.component, path, endpoint, input.commit]), { component: report.component, path, endpoint, commit: input.commit, kind: 'structural-document' });
    }
  }
  return [...locations.keys()].sort(compareCodePoints).map((key) => locations.get(key)!);
}

/**
 * `boundver review --format plan`: the review projected for CI routing: the changed components
 * with the facets and metadata that changed, the consumers and slices they reach, and the name
 * lists to route tests on (`test_components` = changed ∪ impacted). Routing evidence only: it says
 * what to re-test, never whether a change is compatible.
 */
export function reviewPlan(review: ReviewResult): ReviewPlan {
  const changedComponents = review.components.changed.map((component) => ({
    name: component.name,
    status: component.status,
    facets: component.facets.map((transition) => ({ facet: transition.facet, selected: transition.selected })),
    metadata: Object.keys(component.metadata).sort(compareCodePoints),
  }));
  const changedSlices = review.slices.changed.map((slice) => ({ name: slice.name, status: slice.status }));
  const changed = sortNames(changedComponents.map((row) => row.name));
  const impacted = impactNames(review.consumer_impact);
  const slicesChanged = sortNames(changedSlices.map((row) => row.name));
  const slicesImpacted = sortNames(review.slice_impact.map((row) => row.name));
  const testComponents = sortNames([...changed, ...impacted.components]);
  const testSlices = sortNames([...slicesChanged, ...slicesImpacted]);
  return {
    schema: PLAN_SCHEMA,
    complete: true,
    claim: 'routing-evidence-only',
    request: review.request,
    history: review.history,
    endpoints: review.endpoints,
    policy: review.policy,
    changed_components: changedComponents,
    consumer_impact: review.consumer_impact,
    changed_slices: changedSlices,
    slice_impact: review.slice_impact,
    structural_changes: review.structural_changes,
    selection: {
      changed_components: changed,
      impacted_components: impacted.components,
      external_consumers: impacted.external,
      test_components: testComponents,
      changed_slices: slicesChanged,
      impacted_slices: slicesImpacted,
      test_slices: testSlices,
    },
    source_locations: sourceLocations(review.structural_changes),
    summary: {
      changed_components: changed.length,
      impacted_components: impacted.components.length,
      external_consumers: impacted.external.length,
      test_components: testComponents.length,
      changed_slices: slicesChanged.length,
      impacted_slices: slicesImpacted.length,
      test_slices: testSlices.length,
      structural_reports: review.structural_changes.reports.length,
      structural_complete: review.structural_changes.complete,
    },
  };
}

/** Most routing rows the Markdown summary shows. */
export const MAX_PLAN_SUMMARY_ROWS = 50;
/** Largest Markdown summary, in UTF-8 bytes. */
export const MAX_PLAN_SUMMARY_BYTES = 64 * 1024;
/** Largest shown value (a name, a path, a commit), in UTF-8 bytes, before it is cut with `...`. */
export const MAX_PLAN_SUMMARY_FIELD_BYTES = 512;
// Room kept for the closing lines, so that they always fit.
const CLOSING_RESERVE = 512;

/** One value on one line: controls, line and paragraph separators escaped; cut past the field limit. */
function shown(value: string): { text: string; cut: boolean } {
  let text = '';
  for (const character of value) {
    const code = character.codePointAt(0)!;
    if (character === '\n') text += '\\n';
    else if (character === '\r') text += '\\r';
    else if (character === '\t') text += '\\t';
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) text += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code === 0x2028 || code === 0x2029 || (code >= 0xd800 && code <= 0xdfff)) text += `\\u${code.toString(16).padStart(4, '0')}`;
    else text += character;
  }
  if (Buffer.byteLength(text) <= MAX_PLAN_SUMMARY_FIELD_BYTES) return { text, cut: false };
  let kept = '';
  for (const character of text) {
    if (Buffer.byteLength(kept + character) > MAX_PLAN_SUMMARY_FIELD_BYTES - 3) break;
    kept += character;
  }
  return { text: `${kept}...`, cut: true };
}

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => HTML[character]!);

/**
 * A value as inline code. HTML `<code>` rather than backticks: a name may hold backticks, and
 * escaped HTML cannot open a link, an image or a heading in the rendered summary.
 */
function code(value: string): { text: string; cut: boolean } {
  const { text, cut } = shown(value);
  return { text: `<code>${escapeHtml(text)}</code>`, cut };
}

interface Section {
  readonly title: string;
  readonly rows: ReadonlyArray<{ text: string; cut: boolean }>;
}

function sections(plan: ReviewPlan): Section[] {
  const names = (values: readonly string[]) => values.map((value) => {
    const rendered = code(value);
    return { text: `- ${rendered.text}`, cut: rendered.cut };
  });
  return [
    {
      title: '### Changed components',
      rows: plan.changed_components.map((component) => {
        const name = code(component.name);
        const facets = component.facets.map((facet) => facet.facet);
        return { text: `- ${name.text} (${component.status}): ${facets.length > 0 ? facets.join(', ') : 'metadata only'}`, cut: name.cut };
      }),
    },
    { title: '### Impacted components', rows: names(plan.selection.impacted_components) },
    { title: '### External consumers', rows: names(plan.selection.external_consumers) },
    { title: '### Changed slices', rows: names(plan.selection.changed_slices) },
    { title: '### Impacted slices', rows: names(plan.selection.impacted_slices) },
    {
      title: '### Structural source files',
      rows: plan.source_locations.map((location) => {
        const path = code(location.path);
        const component = code(location.component);
        return { text: `- ${path.text} (${component.text})`, cut: path.cut || component.cut };
      }),
    },
  ];
}

/**
 * The plan as a bounded Markdown summary for a CI job summary or a pull-request comment: the
 * endpoints, then the routing rows of each section, at most `maxRows` rows and `maxBytes` bytes in
 * all (each value at most 512 bytes), ending with a line that says whether everything was shown
 * and that the complete plan is the JSON (`--format plan`). Untrusted values are escaped.
 */
export function reviewPlanMarkdown(plan: ReviewPlan, options: { maxRows?: number; maxBytes?: number } = {}): string {
  const maxRows = options.maxRows ?? MAX_PLAN_SUMMARY_ROWS;
  const maxBytes = options.maxBytes ?? MAX_PLAN_SUMMARY_BYTES;
  const base = code(plan.endpoints.base.commit);
  const target = code(plan.endpoints.target.commit);
  let cut = base.cut || target.cut;
  const lines = [
    '## boundver review plan',
    '',
    '**Routing evidence: what to re-test, not a compatibility verdict.**',
    '',
    `- Plan: \`${PLAN_SCHEMA}\`, complete`,
    `- Base: ${base.text}${plan.request.merge_base ? ' (merge base)' : ''}`,
    `- Target: ${target.text}`,
    `- Consumer impact: ${plan.policy.impact}`,
    `- Structural explanation: ${plan.structural_changes.complete ? 'complete' : 'partly unavailable (the routing rows are still complete)'}`,
  ];
  const all = sections(plan);
  const total = all.reduce((sum, section) => sum + section.rows.length, 0);
  let shownRows = 0;
  let size = Buffer.byteLength(lines.join('\n'));
  outer: for (const section of all) {
    if (section.rows.length === 0) continue;
    const heading = ['', section.title, ''];
    const headingBytes = Buffer.byteLength(`\n${heading.join('\n')}`);
    let opened = false;
    for (const row of section.rows) {
      const rowBytes = Buffer.byteLength(`\n${row.text}`) + (opened ? 0 : headingBytes);
      if (shownRows >= maxRows || size + rowBytes + CLOSING_RESERVE > maxBytes) break outer;
      if (!opened) lines.push(...heading);
      opened = true;
      lines.push(row.text);
      size += rowBytes;
      shownRows += 1;
      cut ||= row.cut;
    }
  }
  lines.push('', '---', '');
  if (shownRows < total || cut) {
    lines.push(
      `Summary shortened: ${shownRows} of ${total} routing rows shown${cut ? '; some values were cut' : ''}. The complete plan is the JSON of \`boundver review --format plan\`.`,
    );
  } else {
    lines.push(`All ${total} routing rows shown. The JSON of \`boundver review --format plan\` is the plan machines should read.`);
  }
  return `${lines.join('\n')}\n`;
}
