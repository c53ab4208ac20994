import type { Finding, LanguageResult } from './campaign.js';
import { MUTATION_KINDS } from './mutation-operators.js';
import { NEUTRAL_KINDS } from './neutral-edits.js';

/** Whole-campaign figures of one language, derived from its tallies. */
export interface LanguageSummary {
  readonly tried: number;
  readonly invalid: number;
  readonly valid: number;
  readonly detected: number;
  readonly unresolved: number;
  readonly missed: number;
  readonly neutralTried: number;
  readonly falsePositives: number;
}

/** Totals over every kind of a language's tallies. */
export function summarize(result: LanguageResult): LanguageSummary {
  let tried = 0;
  let invalid = 0;
  let detected = 0;
  let unresolved = 0;
  let missed = 0;
  for (const kind of MUTATION_KINDS) {
    const t = result.mutations[kind];
    tried += t.tried;
    invalid += t.invalid;
    detected += t.detected;
    unresolved += t.unresolved;
    missed += t.missed;
  }
  let neutralTried = 0;
  let falsePositives = 0;
  for (const kind of NEUTRAL_KINDS) {
    neutralTried += result.neutral[kind].tried;
    falsePositives += result.neutral[kind].falsePositives;
  }
  return { tried, invalid, valid: tried - invalid, detected, unresolved, missed, neutralTried, falsePositives };
}

const rate = (detected: number, valid: number): string => (valid === 0 ? '—' : `${((100 * detected) / valid).toFixed(2)}%`);

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ').trimEnd()).join('\n');
}

/** Control characters and long lines made safe for a terminal report. */
function printable(text: string, max = 100): string {
  const escaped = JSON.stringify(text).slice(1, -1);
  return escaped.length > max ? `${escaped.slice(0, max - 1)}…` : escaped;
}

/** One finding as two lines: where, and what changed. */
export function formatFinding(f: Finding): string {
  const diff = f.tokenDifference ? `; first token difference #${f.tokenDifference.index}: ${printable(f.tokenDifference.before, 60)} → ${printable(f.tokenDifference.after, 60)}` : '';
  const gap = f.outsideHashedNodes ? ' (inside the v3 span, outside every hashed node)' : '';
  return `  ${f.corpus} ${f.anchor} line ${f.line} [${f.detail}]${gap}: "${printable(f.before, 60)}" → "${printable(f.after, 60)}"${diff}\n      ${printable(f.context)}`;
}

/**
 * The per-language table (files, claims, mutations tried / valid / detected / missed, rate,
 * neutral edits tried / false positives), a per-kind line, and the first few misses and false
 * positives. Languages whose corpus is missing show "not installed".
 */
export function formatCampaignReport(results: readonly LanguageResult[], seed: number, examples = 5): string {
  const rows: string[][] = [['language', 'files', 'claims', 'mutations', 'invalid', 'valid', 'detected', '(unresolved)', 'missed', 'rate', 'neutral', 'false+', 'time']];
  for (const r of results) {
    if (!r.installed) {
      rows.push([r.corpus, 'not installed', '', '', '', '', '', '', '', '', '', '', '']);
      continue;
    }
    const s = summarize(r);
    rows.push([
      r.corpus,
      String(r.files),
      String(r.claims),
      String(s.tried),
      String(s.invalid),
      String(s.valid),
      String(s.detected + s.unresolved),
      String(s.unresolved),
      String(s.missed),
      rate(s.detected + s.unresolved, s.valid),
      String(s.neutralTried),
      String(s.falsePositives),
      `${(r.elapsedMs / 1000).toFixed(1)}s`,
    ]);
  }
  const lines = [`recipe 3, seed ${seed}: detected = digest changed or anchor no longer resolves (shown apart); invalid = new ERROR/MISSING node or re-tokenized edit, not counted`, table(rows)];
  lines.push('', 'per kind (valid/tried, missed):');
  for (const r of results) {
    if (!r.installed) {
      lines.push(`  ${r.corpus}: not installed (${r.source})`);
      continue;
    }
    const kinds = MUTATION_KINDS.map((k) => {
      const t = r.mutations[k];
      return `${k} ${t.tried - t.invalid}/${t.tried}${t.missed ? ` (${t.missed} missed)` : ''}`;
    }).join(', ');
    // A kind a language cannot have (Python has no block comments) is left out, not shown as 0.
    const neutral = NEUTRAL_KINDS.filter((k) => r.neutral[k].tried > 0).map((k) => `${k} ${r.neutral[k].tried}${r.neutral[k].falsePositives ? ` (${r.neutral[k].falsePositives} false+)` : ''}`).join(', ');
    const flavours = Object.entries(r.stringFlavours)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    lines.push(`  ${r.corpus} (${r.corpusFiles} files in ${r.source}; ${r.skippedClaims} symbols skipped): ${kinds}`);
    lines.push(`    strings: ${flavours || 'none'}`);
    lines.push(`    neutral: ${neutral}`);
  }
  for (const r of results) {
    if (r.misses.length > 0) {
      lines.push('', `${r.corpus}: ${r.misses.length} missed mutation(s), first ${Math.min(examples, r.misses.length)}:`);
      for (const f of r.misses.slice(0, examples)) lines.push(formatFinding(f));
    }
    if (r.falsePositives.length > 0) {
      lines.push('', `${r.corpus}: ${r.falsePositives.length} false positive(s), first ${Math.min(examples, r.falsePositives.length)}:`);
      for (const f of r.falsePositives.slice(0, examples)) lines.push(formatFinding(f));
    }
  }
  return `${lines.join('\n')}\n`;
}
