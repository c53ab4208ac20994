import { diffLockFiles, outputJsonText, shortDigest, type LockDiff } from '@driftgate/boundver';
import type { Command } from 'commander';
import { textOrJsonOption, type OutputFormat } from '../options/cli-options.js';
import { BoundverExit, type BoundverIo } from '../exit-codes.js';
import { safeLines } from '@driftgate/cli';
import { valueLine } from '../render/lock-json.js';

interface DiffFlags {
  format: OutputFormat;
}

function diffText(diff: LockDiff): string[] {
  const lines: string[] = [];
  const section = (title: string): void => {
    lines.push('', title);
  };
  const metadata = Object.entries(diff.changed_metadata);
  if (metadata.length > 0) {
    section('  LOCKFILE METADATA CHANGED:');
    for (const [field, change] of metadata) lines.push(`    ${field}: ${valueLine(change.old)} -> ${valueLine(change.new)}`);
  }
  const { components, slices } = diff;
  if (components.added.length > 0) {
    section('  ADDED:');
    for (const item of components.added) lines.push(`    + ${item.name} @ ${item.version ?? 'unversioned'}`);
  }
  if (components.removed.length > 0) {
    section('  REMOVED:');
    for (const item of components.removed) lines.push(`    - ${item.name} @ ${item.version ?? 'unversioned'}`);
  }
  if (components.changed.length > 0) {
    section('  CHANGED:');
    for (const item of components.changed) {
      const version = item.old_version !== item.new_version ? ` (${item.old_version ?? 'unversioned'} -> ${item.new_version ?? 'unversioned'})` : '';
      lines.push(`    ~ ${item.name}${version}`, `      ${item.summary}`);
      for (const [facet, change] of Object.entries(item.changed_facets)) lines.push(`      ${facet}: ${shortDigest(change.old)} -> ${shortDigest(change.new)}`);
      for (const [field, change] of Object.entries(item.changed_metadata)) lines.push(`      ${field}: ${valueLine(change.old)} -> ${valueLine(change.new)}`);
    }
  }
  if (components.unchanged.length > 0) {
    section(`  UNCHANGED: ${components.unchanged.length} component${components.unchanged.length === 1 ? '' : 's'}`);
  }
  if (slices.added.length > 0) {
    section('  SLICES ADDED:');
    for (const item of slices.added) lines.push(`    + ${item.name}`);
  }
  if (slices.removed.length > 0) {
    section('  SLICES REMOVED:');
    for (const item of slices.removed) lines.push(`    - ${item.name}`);
  }
  if (slices.changed.length > 0) {
    section('  SLICES CHANGED:');
    for (const item of slices.changed) {
      lines.push(`    ~ ${item.name}: ${shortDigest(item.old)} -> ${shortDigest(item.new)}`);
      for (const [field, change] of Object.entries(item.changed_metadata)) lines.push(`      ${field}: ${valueLine(change.old)} -> ${valueLine(change.new)}`);
    }
  }
  if (slices.unchanged.length > 0) section(`  SLICES UNCHANGED: ${slices.unchanged.join(', ')}`);
  const changed =
    metadata.length + components.added.length + components.removed.length + components.changed.length + slices.added.length + slices.removed.length + slices.changed.length;
  if (changed === 0) section('  No differences.');
  return lines;
}

/** `boundver diff`: an informational comparison of two lock files (exit 0; 2 when one cannot be read). */
export function registerDiffCommand(program: Command, io: BoundverIo): void {
  program
    .command('diff')
    .description('compare two lock files: components and slices added, removed and changed (informational, exit 0)')
    .argument('<old>', 'the earlier lock file')
    .argument('<new>', 'the later lock file')
    .addOption(textOrJsonOption())
    .action((oldPath: string, newPath: string, flags: DiffFlags) => {
      const diff = diffLockFiles({ cwd: io.cwd, old: oldPath, new: newPath });
      io.out(flags.format === 'json' ? outputJsonText(diff) : safeLines(diffText(diff)));
      io.exit(BoundverExit.ok);
    });
}
