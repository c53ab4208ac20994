// The README's main command. It grows with the gates: today it shows what the build provides.
import { execFileSync } from 'node:child_process';

const run = (bin, args) => execFileSync('npx', ['--no-install', bin, ...args], { encoding: 'utf8' }).trim();

console.log(`surf ${run('surf', ['--version'])}`);
console.log(`boundver ${run('boundver', ['--version'])}`);
console.log('The gate commands are not built yet: surf and boundver answer --version and --help only.');
