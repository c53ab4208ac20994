export { terminalSafe, terminalSafeLines } from './terminal-safe.js';
