#!/usr/bin/env node
import { UNSUPPORTED_NODE_EXIT, unsupportedNodeLine } from '../../node-support/node-support.js';

const refusal = unsupportedNodeLine('surf', process.versions.node);
if (refusal !== null) {
  process.stderr.write(refusal);
  process.exitCode = UNSUPPORTED_NODE_EXIT;
} else {
  // An interactive `surf triage` holds the terminal's type-ahead before the bundle is even parsed
  // (src/early-type-ahead.ts); the bundle finds that hold and uses it.
  await import('../dist/early-type-ahead.js');
  await import('../dist/surf-cli.js');
}
