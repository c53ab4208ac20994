import { describe, expect, it } from 'vitest';
import { UnsupportedFileTypeError } from './errors.js';
import { familyOf, langForPath, loadLanguage, parserFor, requireLang } from './languages.js';
import { parseFile, parseSource } from './parsed-file.js';

describe('languages', () => {
  it.each([
    ['src/a.ts', 'typescript'],
    ['a.mts', 'typescript'],
    ['a.cts', 'typescript'],
    ['types/x.d.ts', 'typescript'],
    ['a.tsx', 'tsx'],
    ['a.js', 'javascript'],
    ['a.jsx', 'javascript'],
    ['a.mjs', 'javascript'],
    ['a.cjs', 'javascript'],
    ['a.py', 'python'],
    ['a.pyi', 'python'],
    ['a.go', 'go'],
    ['a.rs', 'rust'],
  ])('%s → %s', (file, lang) => {
    expect(langForPath(file)).toBe(lang);
  });

  it.each(['schema.sql', 'Makefile', 'a.TS', 'dir.rs/file', '.rs', 'src/.py'])('%s is unsupported', (file) => {
    expect(langForPath(file)).toBeUndefined();
    expect(() => requireLang(file)).toThrow(UnsupportedFileTypeError);
    expect(() => requireLang(file)).toThrow(`unsupported file type: ${file}`);
  });

  it('maps families', () => {
    expect(['typescript', 'tsx', 'javascript', 'python', 'go', 'rust'].map((l) => familyOf(l as never))).toEqual([
      'typescript',
      'typescript',
      'typescript',
      'python',
      'go',
      'rust',
    ]);
  });

  it('loads each grammar once and shares the parser; the TSX grammar parses JavaScript', async () => {
    const [a, b] = await Promise.all([loadLanguage('javascript'), loadLanguage('javascript')]);
    expect(a).toBe(b);
    expect(parserFor('javascript')).toBe(a);
    expect((await loadLanguage('tsx')).language).toBe(a.language);
    expect((await loadLanguage('typescript')).language).not.toBe(a.language);
    const parsed = await parseFile('a.js', 'const x = <div />;\n');
    try {
      expect(parsed.tree.rootNode.hasError).toBe(false);
    } finally {
      parsed.delete();
    }
  });

  it('plain TypeScript does not take JSX, TSX does', async () => {
    const ts = await parseSource('const x = <div />;\n', 'typescript');
    const tsx = await parseSource('const x = <div />;\n', 'tsx');
    try {
      expect(ts.tree.rootNode.hasError).toBe(true);
      expect(tsx.tree.rootNode.hasError).toBe(false);
    } finally {
      ts.delete();
      tsx.delete();
    }
  });

  it('delete is idempotent', async () => {
    const parsed = await parseSource('x = 1\n', 'python');
    parsed.delete();
    expect(() => parsed.delete()).not.toThrow();
  });
});
