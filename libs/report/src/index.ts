export { terminalSafe } from './terminal-safe.js';
