import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The report package depends on the engines' result types only (ARCHITECTURE.md: report →
// types of surf and boundver); its package.json declares no engine, so a value import of one
// would break an install of the package on its own. Values come only from what it declares
// (@driftgate/git, for durable file writes).
describe('package boundary', () => {
  it('imports nothing but types from @driftgate packages it does not declare', () => {
    const dir = fileURLToPath(new URL('.', import.meta.url));
    const declared = Object.keys((JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {});
    expect(declared).not.toContain('@driftgate/surf');
    expect(declared).not.toContain('@driftgate/boundver');
    let seen = 0;
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts') && !name.endsWith('.spec.ts'))) {
      const text = readFileSync(`${dir}${file}`, 'utf8');
      for (const match of text.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'(@driftgate\/[^']+)'/gms)) {
        if (!declared.includes(match[2]!)) expect(match[1], `${file} imports ${match[2]} as a value`).toBe('type ');
        seen++;
      }
    }
    expect(seen).toBeGreaterThanOrEqual(5);
  });
});
