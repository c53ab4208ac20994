import { describe, expect, it } from 'vitest';
import { xmlAttributeSafe, xmlSafe, xmlSafeLines } from './xml-safe.js';

describe('xmlSafe', () => {
  it('makes every XML-invalid or invisible character a visible escape instead of dropping it', () => {
    expect(xmlSafe('a\u0000b\u001b[31mc\u007f\u0085')).toBe('a\\x00b\\x1b[31mc\\x7f\\x85');
    expect(xmlSafe('x\ud800y\udfffz\ufffe\uffff')).toBe('x\\ud800y\\udfffz\\ufffe\\uffff');
    expect(xmlSafe('bidi\u202eover\u2066iso')).toBe('bidi\\u202eover\\u2066iso');
  });

  it('writes every `]]>` so that no CDATA section can end early, overlapping ones included', () => {
    expect(xmlSafe('a]]>b]]>c')).toBe('a]]\\x3eb]]\\x3ec');
    expect(xmlSafe(']]]]>')).toBe(']]]]\\x3e');
    expect(xmlSafe('a]]b>')).toBe('a]]b>');
  });

  it('keeps ordinary Unicode and markup characters (the XML writer escapes those)', () => {
    expect(xmlSafe('café 😀 <b> & "q"')).toBe('café 😀 <b> & "q"');
  });

  it('keeps our own line breaks in multi-line text', () => {
    expect(xmlSafeLines('one\u001b\ntwo]]>')).toBe('one\\x1b\ntwo]]\\x3e');
  });

  it('indents the further lines of a multi-line value under its key', () => {
    expect(xmlSafeLines('claim: one\r\ntwo', '  ')).toBe('claim: one\n  two');
  });
});

describe('xmlAttributeSafe', () => {
  it('keeps `]]>` and line breaks (the writer escapes them for an attribute) and escapes the rest as xmlSafe', () => {
    expect(xmlAttributeSafe('a]]>b\r\nc\u001b\uffff')).toBe('a]]>b\nc\\x1b\\uffff');
  });
});
