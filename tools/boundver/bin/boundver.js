#!/usr/bin/env node
import { startOnSupportedNode } from '../../node-support/node-support.js';

await startOnSupportedNode('boundver', () => import('../dist/boundver-cli.js'), new URL('../dist/', import.meta.url));
