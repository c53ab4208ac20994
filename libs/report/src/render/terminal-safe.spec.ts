import { describe, expect, it } from 'vitest';
import { terminalSafe, terminalSafeLines } from './terminal-safe.js';

describe('terminalSafe', () => {
  it('keeps ordinary text and Unicode, including astral characters', () => {
    expect(terminalSafe('café 中文 😀 a-b_c')).toBe('café 中文 😀 a-b_c');
  });

  it('escapes C escapes by name and the backslash itself', () => {
    expect(terminalSafe('a\\b\nc\rd\te\bf\fg')).toBe('a\\\\b\\nc\\rd\\te\\bf\\fg');
  });

  it('escapes ANSI sequences, other C0/C1 controls and DEL as \\xNN', () => {
    expect(terminalSafe('\u001b[31mred\u001b[0m')).toBe('\\x1b[31mred\\x1b[0m');
    expect(terminalSafe('\u0000\u007f\u0085\u009b')).toBe('\\x00\\x7f\\x85\\x9b');
  });

  it('escapes bidi, zero-width, line separators and lone surrogates as \\uNNNN', () => {
    expect(terminalSafe('a\u202eb\u200bc\u2028d\u2029e\ufefff')).toBe('a\\u202eb\\u200bc\\u2028d\\u2029e\\ufefff');
    expect(terminalSafe('x\ud800y\udc80')).toBe('x\\ud800y\\udc80');
  });

  it('defuses CI workflow commands at the start of the text', () => {
    expect(terminalSafe('::error::pwned')).toBe('\\x3a:error::pwned');
    expect(terminalSafe('a ::error::')).toBe('a ::error::');
  });
});

describe('terminalSafeLines', () => {
  it('keeps our own line breaks and escapes each line, including a CI command on a later line', () => {
    expect(terminalSafeLines('Config is invalid:\n::error::x\n\u001b[2J')).toBe('Config is invalid:\n\\x3a:error::x\n\\x1b[2J');
  });
});
