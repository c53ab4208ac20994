import { terminalSafe } from '@driftgate/report';
import { formatYamlScalar, loadSurfConfig, suggest, type SuggestResult } from '@driftgate/surf';
import { type Command, Option } from 'commander';
import { SurfExit, type SurfIo } from '../exit-codes.js';

interface SuggestFlags {
  readonly all: boolean;
  readonly format: 'human' | 'json';
}

/** `surf suggest <globs…> [--all] [--format human|json]` (spec §7.3). */
export function registerSuggestCommand(program: Command, io: SurfIo): void {
  program
    .command('suggest')
    .description('list public symbols that no hub anchors yet, shaped as a starter hub (writes nothing)')
    .argument('<globs...>', 'source files to scan, as globs relative to the workspace root (quote them)')
    .option('--all', 'also propose classes, constants, type aliases and attributes', false)
    .addOption(new Option('--format <format>', 'output format').choices(['human', 'json']).default('human'))
    .action(async (globs: string[], flags: SuggestFlags) => {
      const config = await loadSurfConfig(io.cwd);
      const result = await suggest(config, { globs, all: flags.all });
      io.out(flags.format === 'json' ? renderSuggestJson(result) : renderSuggestHuman(result));
      for (const note of suggestNotes(result)) io.err(note);
      io.exit(result.allGlobsEmpty ? SurfExit.failure : SurfExit.ok);
    });
}

/** The JSON form: a pretty-printed array of `{file, symbol, at}`. */
export function renderSuggestJson(result: SuggestResult): string {
  const items = result.suggestions.map(({ file, symbol, at }) => ({ file, symbol, at }));
  return `${JSON.stringify(items, null, 2)}\n`;
}

/**
 * The human form: a commented header, then a starter hub with one multi-site claim per file, so
 * the shape it teaches is a few coarse claims rather than one claim per symbol. Everything from
 * the first `---` on parses as a hub. Untrusted text is made terminal-safe.
 */
export function renderSuggestHuman(result: SuggestResult): string {
  const { suggestions } = result;
  if (suggestions.length === 0) return 'surf suggest: no unanchored public symbols found.\n';
  const byFile = new Map<string, string[]>();
  for (const { file, at } of suggestions) {
    const ats = byFile.get(file);
    if (ats === undefined) byFile.set(file, [at]);
    else ats.push(at);
  }
  const lines = [
    `# ${suggestions.length} undocumented public symbol(s) across ${byFile.size} file(s) — these are SYMBOLS, not claims.`,
    '# Do not give each one a claim of its own. A hub is prose for a reader, backed by a few',
    '# coarse claims: one sentence per behaviour, with every site that behaviour spans listed',
    '# under its `at:` (the claim goes stale when any of them changes). Keep the sites you need,',
    '# write the prose, then run `surf lint` and `surf verify`.',
    '# surf suggest only prints: no file was written and nothing was stamped.',
    '---',
    'summary: TODO what this part of the system does, in one line',
    'anchors:',
  ];
  for (const [file, ats] of byFile) {
    lines.push(`  # ${file}`);
    lines.push('  - claim: TODO the behaviour these symbols guarantee together');
    lines.push('    at:');
    for (const at of ats) lines.push(`      - ${formatYamlScalar(at)}`);
  }
  lines.push('refs: []', '---', '', '# TODO title', '', 'TODO: how the pieces fit together, and what this hub does not cover.');
  return `${lines.map(terminalSafe).join('\n')}\n`;
}

/** Stderr notes: globs that found nothing usable. */
export function suggestNotes(result: SuggestResult): string[] {
  const notes: string[] = [];
  for (const glob of result.globs) {
    const pattern = terminalSafe(glob.pattern);
    if (glob.filesMatched === 0) notes.push(`surf suggest: glob "${pattern}" matched no files.\n`);
    else if (glob.supportedMatched === 0) notes.push(`surf suggest: glob "${pattern}" matched files, but none in a supported language.\n`);
  }
  return notes;
}
