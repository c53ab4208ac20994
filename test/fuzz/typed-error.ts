import { BoundverError } from '@driftgate/boundver';
import { SurfError } from '@driftgate/surf';

const INTERNAL_TEXT = /Maximum call stack size exceeded|Cannot read propert|is not a function|is not iterable|Invalid array length|undefined \(reading/;
const CODE = /^(SURF|BOUNDVER|GIT)_[A-Z0-9_]+$/;

/**
 * The stable code of one of the project's typed errors, or undefined for anything else thrown.
 * A parser may refuse an input only this way; a TypeError, RangeError or plain Error escaping it
 * is a bug (an internal message where the user needs an actionable one), and so is a typed error
 * whose message is only such an internal text.
 */
export function typedErrorCode(error: unknown): string | undefined {
  if (!(error instanceof SurfError) && !(error instanceof BoundverError)) return undefined;
  if (typeof error.code !== 'string' || !CODE.test(error.code)) return undefined;
  if (typeof error.message !== 'string' || error.message === '') return undefined;
  // A typed error that only wraps an internal failure's text is the same bug with a code on it.
  if (INTERNAL_TEXT.test(error.message)) return undefined;
  return error.code;
}
