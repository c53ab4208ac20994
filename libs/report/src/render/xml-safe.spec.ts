import { describe, expect, it } from 'vitest';
import { splitCdataEnds, xmlAttributeSafe, xmlNameSafe, xmlSafe, xmlSafeLines } from './xml-safe.js';

describe('xmlSafe', () => {
  it('makes every XML-invalid or invisible character a visible escape instead of dropping it', () => {
    expect(xmlSafe('a\u0000b\u001b[31mc\u007f\u0085')).toBe('a\\x00b\\x1b[31mc\\x7f\\x85');
    expect(xmlSafe('x\ud800y\udfffz\ufffe\uffff')).toBe('x\\ud800y\\udfffz\\ufffe\\uffff');
    expect(xmlSafe('bidi\u202eover\u2066iso')).toBe('bidi\\u202eover\\u2066iso');
  });

  it('splits every `]]>` across two CDATA sections once the document is written, overlapping ones included', () => {
    const cdata = (text: string) => splitCdataEnds(`<![CDATA[${xmlSafe(text)}]]>`);
    expect(cdata('a]]>b]]>c')).toBe('<![CDATA[a]]]]><![CDATA[>b]]]]><![CDATA[>c]]>');
    expect(cdata(']]]]>')).toBe('<![CDATA[]]]]]]><![CDATA[>]]>');
    expect(cdata(']]>]]>')).toBe('<![CDATA[]]]]><![CDATA[>]]]]><![CDATA[>]]>');
    expect(cdata('a]]b>')).toBe('<![CDATA[a]]b>]]>');
  });

  it('leaves a zero-width space of the text escaped, so only its own marks are split', () => {
    expect(splitCdataEnds(xmlSafe('zw\u200b]]x'))).toBe('zw\\u200b]]x');
  });

  it('keeps ordinary Unicode and markup characters (the XML writer escapes those)', () => {
    expect(xmlSafe('café 😀 <b> & "q"')).toBe('café 😀 <b> & "q"');
  });

  it('keeps our own line breaks in multi-line text', () => {
    expect(splitCdataEnds(xmlSafeLines('one\u001b\ntwo]]>'))).toBe('one\\x1b\ntwo]]]]><![CDATA[>');
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

describe('xmlNameSafe', () => {
  it('keeps `]]>` and writes a line break as a visible `\\n`, so a name stays on one line', () => {
    expect(xmlNameSafe('a]]>b\nc\u001b\uffff')).toBe('a]]>b\\nc\\x1b\\uffff');
  });
});
