#!/usr/bin/env node
// An interactive `surf triage` holds the terminal's type-ahead before the bundle is even parsed
// (src/early-type-ahead.ts); the bundle finds that hold and uses it.
import '../dist/early-type-ahead.js';
await import('../dist/surf-cli.js');
