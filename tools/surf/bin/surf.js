#!/usr/bin/env node
import { startOnSupportedNode } from '../../node-support/node-support.js';

// An interactive `surf triage` holds the terminal's type-ahead before the bundle is even parsed
// (src/early-type-ahead.ts); the bundle finds that hold and uses it.
await startOnSupportedNode('surf', () => import('../dist/early-type-ahead.js').then(() => import('../dist/surf-cli.js')), new URL('../dist/', import.meta.url));
