import { BoundverError } from '../errors.js';

/**
 * Python's `repr(float)` (which `json.dumps` uses): the shortest digits that round-trip, in
 * fixed notation when the decimal exponent is in [-4, 16) — always with a fractional part — and
 * otherwise as `d[.ddd]e±XX` with at least two exponent digits. `-0.0` keeps its sign.
 * Non-finite values are rejected because no JSON document here may contain them.
 */
export function pythonFloatRepr(value: number): string {
  if (!Number.isFinite(value)) {
    throw new BoundverError('BOUNDVER_JSON_VALUE', 'Non-finite float cannot be written as JSON; remove NaN or Infinity from the value');
  }
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const negative = value < 0;
  // toExponential() with no argument yields the shortest round-trip digits, like Python's repr.
  const [mantissa, exponentText] = Math.abs(value).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const exponent = Number(exponentText);
  let body: string;
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) {
      body = `0.${'0'.repeat(-exponent - 1)}${digits}`;
    } else if (digits.length <= exponent + 1) {
      body = `${digits}${'0'.repeat(exponent + 1 - digits.length)}.0`;
    } else {
      body = `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
    }
  } else {
    const fraction = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const magnitude = String(Math.abs(exponent)).padStart(2, '0');
    body = `${fraction}e${exponent < 0 ? '-' : '+'}${magnitude}`;
  }
  return negative ? `-${body}` : body;
}
