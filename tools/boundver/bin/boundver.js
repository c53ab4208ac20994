#!/usr/bin/env node
import { UNSUPPORTED_NODE_EXIT, unsupportedNodeLine } from '../../node-support/node-support.js';

const refusal = unsupportedNodeLine('boundver', process.versions.node);
if (refusal !== null) {
  process.stderr.write(refusal);
  process.exitCode = UNSUPPORTED_NODE_EXIT;
} else {
  await import('../dist/boundver-cli.js');
}
