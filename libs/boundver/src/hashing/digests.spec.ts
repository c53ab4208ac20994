import { describe, expect, it } from 'vitest';
import { behaviorEnvelopeDigest, compatDigest, sliceFingerprint } from './digests.js';
import { sha256Hex } from './sha256.js';

describe('single-value digests (vectors §2.1)', () => {
  it('compat is sha256 of <name>@compat:<identity>', () => {
    expect(compatDigest('api', '1')).toBe('cedd5e222891a8dbc919b907d46b8dd9ae6fd82cd43e165730a8eea247bc9bea');
    expect(compatDigest('api', null)).toBeNull();
  });
  it('v3 slice fingerprint over {} and {"a":null}', () => {
    expect(sliceFingerprint(new Map())).toBe('44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a');
    expect(sliceFingerprint(new Map())).toBe(sha256Hex('{}'));
    expect(sliceFingerprint(new Map([['a', null]]))).toBe('d091f9c83c091f79652fe8786375b3fe4ce0861a56f5bfbafedbe431877ff0e8');
  });
  it('v3 slice `everything` of the corpus from its two exact digests (§2.2)', () => {
    const digests = new Map([
      ['svc', 'bed29325c75fa47a4e2a3a559af7e3bbf36639ddf08eecc47b5e1664cf746a52'],
      ['sdk', '187c6bac121a75bfdf1ff23215500ca33c231464658b91e880a91506e5f2e2b0'],
    ]);
    expect(sliceFingerprint(digests)).toBe('46a17f47e364fafe779f13b2d2a8a12f53649471270c3170496ce9b19d0d2db5');
  });
  it('behavior envelope without a boundary digest is P9', () => {
    expect(behaviorEnvelopeDigest('0'.repeat(64), null, 'partial')).toBe(
      '4a4bdd6e518b3c0ee8577e9ddadeedc80e50c58193a518166b78048e74f8dc37',
    );
  });
  it('a boundary change always changes the envelope', () => {
    const behavior = '1'.repeat(64);
    const one = behaviorEnvelopeDigest(behavior, 'a'.repeat(64), 'ok');
    expect(behaviorEnvelopeDigest(behavior, 'b'.repeat(64), 'ok')).not.toBe(one);
    expect(behaviorEnvelopeDigest(behavior, null, 'ok')).not.toBe(behaviorEnvelopeDigest(behavior, null, 'error'));
  });
});
