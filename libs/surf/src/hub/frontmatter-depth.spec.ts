import { describe, expect, it } from 'vitest';
import { MAX_FRONTMATTER_DEPTH, frontmatterDepthExcess } from './frontmatter-depth.js';
import { HubParseError } from './hub-parse-error.js';
import { parseHub } from './parse-hub.js';

const nested = (depth: number): string => `${'['.repeat(depth)}x${']'.repeat(depth)}`;
const hub = (frontmatter: string): string => `---\n${frontmatter}\n---\nbody\n`;

function parseError(text: string): HubParseError {
  try {
    parseHub(text, { path: 'hubs/deep.md' });
  } catch (error) {
    expect(error).toBeInstanceOf(HubParseError);
    return error as HubParseError;
  }
  throw new Error('parsed');
}

describe('frontmatter nesting', () => {
  it('refuses 5,000 nested flow sequences with a message about nesting, not the stack', () => {
    const error = parseError(hub(`summary: s\nanchors: ${nested(5000)}`));
    expect(error.code).toBe('SURF_BAD_HUB');
    expect(error.message).toBe(
      `invalid frontmatter: nesting deeper than ${MAX_FRONTMATTER_DEPTH} levels at line 3, column ${9 + MAX_FRONTMATTER_DEPTH}; a hub's frontmatter needs a few levels (anchors > claim > at), so flatten this value`,
    );
    expect(error.message).not.toContain('call stack');
    expect(error.line).toBe(3);
  });

  it('counts block levels and flow levels together, up to the limit', () => {
    // Root mapping (1) + `extra:` value (2): 126 flow levels still fit, 127 do not.
    expect(() => parseHub(hub(`extra:\n  k: ${nested(MAX_FRONTMATTER_DEPTH - 2)}`))).not.toThrow();
    expect(parseError(hub(`extra:\n  k: ${nested(MAX_FRONTMATTER_DEPTH - 1)}`)).message).toContain(`nesting deeper than ${MAX_FRONTMATTER_DEPTH} levels at line 3`);
    const block = Array.from({ length: MAX_FRONTMATTER_DEPTH + 1 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n');
    expect(parseError(hub(block)).message).toContain(`nesting deeper than ${MAX_FRONTMATTER_DEPTH} levels at line ${MAX_FRONTMATTER_DEPTH + 2}`);
  });

  it('ignores brackets in quoted scalars and comments, and apostrophes in plain words', () => {
    const many = '['.repeat(300);
    expect(frontmatterDepthExcess(`a: "${many}"\nb: '${many}'\n# ${many}\nc: don't ${'x'} # [\nd: [1, 2]\n`)).toBeUndefined();
    expect(frontmatterDepthExcess(`a: "esc \\" ${many}"\n`)).toBeUndefined();
    expect(frontmatterDepthExcess(`a: 'it''s ${many}'\n`)).toBeUndefined();
    expect(frontmatterDepthExcess(`a: x${many}`)).toEqual({ line: 1, column: 4 + MAX_FRONTMATTER_DEPTH });
  });

  it('counts compact `? ? x` and `- - x` nesting on one line (found by fuzzing)', () => {
    // The YAML library recursed once per indicator: 300 explicit keys took seconds, 1,000
    // overflowed the stack into the message.
    for (const indicator of ['? ', '- ']) {
      const error = parseError(hub(`extra: \n  ${indicator.repeat(1000)}&a aa`));
      expect(error.message).toContain(`nesting deeper than ${MAX_FRONTMATTER_DEPTH} levels at line 3`);
      expect(error.message).not.toContain('call stack');
    }
    expect(parseHub(hub(`extra:\n  ${'- '.repeat(MAX_FRONTMATTER_DEPTH - 3)}x`)).extra.has('extra')).toBe(true);
    // Indicators inside an open flow collection: invalid YAML the library recursed on anyway.
    const inFlow = parseError(hub(`tags: \n  - {a: \n  ${'- '.repeat(5000)}x`));
    expect(inFlow.message).toContain(`nesting deeper than ${MAX_FRONTMATTER_DEPTH} levels at line 4`);
  });

  it('leaves every ordinary hub alone', () => {
    const text = hub('summary: s\nanchors:\n  - claim: c\n    at:\n      - a.ts > f\n      - b.ts > g\nrefs: [./x.md]\ntags: [a, b]');
    expect(parseHub(text).anchors).toHaveLength(1);
  });
});
