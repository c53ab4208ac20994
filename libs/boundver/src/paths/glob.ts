import { BoundverError } from '../errors.js';
import { DEFAULT_GLOB_LIMITS, type GlobLimits, MAX_DECLARED_PATH_BYTES, MAX_DECLARED_PATH_SEGMENTS, MAX_GLOB_CANDIDATE_BYTES } from '../limits.js';
import { isGlobPattern } from './declared-path.js';

/** One token of a compiled segment pattern; `class` holds inclusive code-point ranges. */
type Token =
  | { readonly kind: 'char'; readonly codePoint: number }
  | { readonly kind: 'any' }
  | { readonly kind: 'star' }
  | { readonly kind: 'class'; readonly negated: boolean; readonly ranges: ReadonlyArray<readonly [number, number]> };

/** One compiled pattern segment. */
type Segment =
  | { readonly kind: 'recursive' }
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'glob'; readonly tokens: readonly Token[] };

/** A segment-aware path glob, compiled once and matched against many paths. */
export interface CompiledGlob {
  readonly pattern: string;
  readonly segments: readonly Segment[];
}

function guardrail(message: string): BoundverError {
  return new BoundverError('BOUNDVER_GLOB_GUARDRAIL', `Glob match guardrail exceeded: ${message}`);
}

/**
 * Counts matcher work: each compile or match has its own step ceiling, and every step is also
 * charged to one operation-wide budget, so a selection fails closed instead of running long.
 */
export class GlobOperation {
  private readonly limits: GlobLimits;
  private operationSteps = 0;
  private readonly cache = new Map<string, CompiledGlob>();

  constructor(limits: Partial<GlobLimits> = {}) {
    this.limits = { ...DEFAULT_GLOB_LIMITS, ...limits };
  }

  /** Steps charged so far to this operation. */
  get steps(): number {
    return this.operationSteps;
  }

  /** Charges non-glob selection work (literal comparisons) to the operation budget. */
  spend(amount = 1): void {
    this.operationSteps += amount;
    if (this.operationSteps > this.limits.maxStepsPerOperation) {
      throw guardrail(
        `more than ${this.limits.maxStepsPerOperation} aggregate glob compile/match steps; reduce wildcard declarations or split the component`,
      );
    }
  }

  private counter(): () => void {
    let steps = 0;
    return () => {
      steps += 1;
      if (steps > this.limits.maxStepsPerMatch) throw guardrail(`more than ${this.limits.maxStepsPerMatch} matcher steps`);
      this.spend(1);
    };
  }

  /** Compiles (once per pattern) a validated declaration; see {@link compileGlob}. */
  compile(pattern: string): CompiledGlob {
    const cached = this.cache.get(pattern);
    if (cached !== undefined) return cached;
    const compiled = compileWith(pattern, this.counter());
    this.cache.set(pattern, compiled);
    return compiled;
  }

  /**
   * True when the POSIX `path` matches `pattern` segment by segment. Charges exactly the steps a
   * per-step count would (see {@link StepMeter}): a match that runs out of a budget throws the
   * error the first step past it would have thrown, and leaves {@link steps} where that step would
   * have left it.
   */
  matches(path: string, pattern: string | CompiledGlob): boolean {
    const compiled = typeof pattern === 'string' ? this.compile(pattern) : pattern;
    const { maxStepsPerMatch, maxStepsPerOperation } = this.limits;
    // The step at which a budget runs out: past the match's own, or past what the operation has left.
    const matchLimit = maxStepsPerMatch + 1;
    const operationLimit = Math.max(1, maxStepsPerOperation - this.operationSteps + 1);
    const meter: StepMeter = { steps: 0, stop: Math.min(matchLimit, operationLimit) };
    const matched = matchCompiled(path, compiled, meter);
    if (meter.steps >= meter.stop) {
      if (operationLimit < matchLimit) {
        this.operationSteps += operationLimit;
        throw guardrail(`more than ${maxStepsPerOperation} aggregate glob compile/match steps; reduce wildcard declarations or split the component`);
      }
      this.operationSteps += maxStepsPerMatch;
      throw guardrail(`more than ${maxStepsPerMatch} matcher steps`);
    }
    this.operationSteps += meter.steps;
    return matched;
  }
}

/**
 * Matcher steps counted in place. Matching runs over every candidate path of every component, and
 * a call per step (two counters, two checks) cost more than the matching itself; counting into a
 * field and stopping once `steps` reaches `stop` (the first step past a budget) gives the same
 * counts and the same errors. A match that stops early returns no meaningful result.
 */
interface StepMeter {
  steps: number;
  readonly stop: number;
}

/**
 * Compiles a glob with the contract's grammar: `**` as a whole segment matches zero or more
 * segments (consecutive ones collapse); in other segments `*` (any run), `?` (one character) and
 * `[...]` classes match within the segment, as CPython's `fnmatch` does (`!` negates, `]` first
 * is literal, unclosed `[` is literal, reversed ranges dropped). No braces, no escapes.
 */
export function compileGlob(pattern: string, limits: Partial<GlobLimits> = {}): CompiledGlob {
  return new GlobOperation(limits).compile(pattern);
}

/** One-off {@link GlobOperation.matches}. */
export function matchGlob(path: string, pattern: string, limits: Partial<GlobLimits> = {}): boolean {
  return new GlobOperation(limits).matches(path, pattern);
}

function compileWith(pattern: string, step: () => void): CompiledGlob {
  if (Buffer.byteLength(pattern, 'utf8') > MAX_DECLARED_PATH_BYTES) throw guardrail(`pattern exceeds ${MAX_DECLARED_PATH_BYTES} UTF-8 bytes`);
  const parts = pattern.split('/');
  if (pattern === '' || parts.some((part) => part === '' || part === '.' || part === '..')) {
    throw new BoundverError('BOUNDVER_INVALID_DECLARED_PATH', `Invalid path glob '${pattern}': empty, '.' or '..' segment`);
  }
  if (parts.length > MAX_DECLARED_PATH_SEGMENTS) throw guardrail(`pattern exceeds ${MAX_DECLARED_PATH_SEGMENTS} segments`);
  const segments: Segment[] = [];
  for (const part of parts) {
    step();
    if (part === '**') {
      if (segments.length === 0 || segments[segments.length - 1].kind !== 'recursive') segments.push({ kind: 'recursive' });
    } else if (isGlobPattern(part)) {
      segments.push({ kind: 'glob', tokens: compileSegment(part, step) });
    } else {
      segments.push({ kind: 'literal', text: part });
    }
  }
  return { pattern, segments };
}

function compileSegment(segment: string, step: () => void): Token[] {
  const chars = Array.from(segment);
  const tokens: Token[] = [];
  let index = 0;
  while (index < chars.length) {
    step();
    const char = chars[index];
    if (char === '*') {
      if (tokens.length === 0 || tokens[tokens.length - 1].kind !== 'star') tokens.push({ kind: 'star' });
      index += 1;
    } else if (char === '?') {
      tokens.push({ kind: 'any' });
      index += 1;
    } else if (char !== '[') {
      tokens.push({ kind: 'char', codePoint: char.codePointAt(0)! });
      index += 1;
    } else {
      let close = index + 1;
      if (chars[close] === '!') close += 1;
      if (chars[close] === ']') close += 1;
      while (close < chars.length && chars[close] !== ']') {
        step();
        close += 1;
      }
      if (close >= chars.length) {
        tokens.push({ kind: 'char', codePoint: 0x5b });
        index += 1;
      } else {
        tokens.push(compileClass(chars.slice(index + 1, close), step));
        index = close + 1;
      }
    }
  }
  return tokens;
}

/**
 * A bracket class, following CPython's fnmatch translation: the content splits into chunks at
 * range hyphens (a hyphen right after `[` or `[!` is literal, and each range consumes both
 * endpoints), reversed ranges are removed right to left, and a trailing hyphen is literal.
 */
function compileClass(content: string[], step: () => void): Token {
  const chunks: string[][] = [];
  let chunkStart = 0;
  let search = content[0] === '!' ? 2 : 1;
  while (search < content.length) {
    step();
    if (content[search] !== '-') {
      search += 1;
      continue;
    }
    chunks.push(content.slice(chunkStart, search));
    chunkStart = search + 1;
    search += 3;
  }
  if (chunks.length === 0) {
    chunks.push(content);
  } else {
    const tail = content.slice(chunkStart);
    if (tail.length > 0) chunks.push(tail);
    else chunks[chunks.length - 1] = [...chunks[chunks.length - 1], '-'];
    for (let k = chunks.length - 1; k > 0; k -= 1) {
      step();
      const previous = chunks[k - 1];
      const current = chunks[k];
      if (previous[previous.length - 1].codePointAt(0)! > current[0].codePointAt(0)!) {
        chunks[k - 1] = [...previous.slice(0, -1), ...current.slice(1)];
        chunks.splice(k, 1);
      }
    }
  }
  // Units: characters, with `true` marking a range separator between two chunks.
  const units: Array<[boolean, string]> = [];
  chunks.forEach((chunk, k) => {
    for (const char of chunk) units.push([false, char]);
    if (k < chunks.length - 1) units.push([true, '-']);
  });
  const negated = units.length > 0 && !units[0][0] && units[0][1] === '!';
  const first = negated ? 1 : 0;
  const isRange = (at: number): boolean =>
    units[at][0] && at > first && at + 1 < units.length && !units[at - 1][0] && !units[at + 1][0];
  const ranges: Array<[number, number]> = [];
  for (let at = first; at < units.length; at += 1) {
    step();
    const [separator, char] = units[at];
    if (separator) {
      if (isRange(at)) ranges.push([units[at - 1][1].codePointAt(0)!, units[at + 1][1].codePointAt(0)!]);
      else ranges.push([0x2d, 0x2d]);
      continue;
    }
    if ((at - 1 >= first && isRange(at - 1)) || (at + 1 < units.length && isRange(at + 1))) continue;
    const codePoint = char.codePointAt(0)!;
    ranges.push([codePoint, codePoint]);
  }
  return { kind: 'class', negated, ranges };
}

function tokenMatches(token: Token, codePoint: number, meter: StepMeter): boolean {
  switch (token.kind) {
    case 'char':
      return token.codePoint === codePoint;
    case 'any':
      return true;
    case 'class': {
      let inside = false;
      for (const [low, high] of token.ranges) {
        meter.steps += 1;
        if (low <= codePoint && codePoint <= high) {
          inside = true;
          break;
        }
      }
      return inside !== token.negated;
    }
    default:
      return false;
  }
}

/** Bounded NFA over one segment's code points; `*` stays inside the segment by construction. */
function matchSegment(text: string, tokens: readonly Token[], meter: StepMeter): boolean {
  const count = tokens.length;
  // Two state sets, swapped per character: matching allocates nothing per character.
  let states = new Uint8Array(count + 1);
  let next = new Uint8Array(count + 1);
  states[0] = 1;
  closeStars(states, tokens, meter);
  for (let at = 0; at < text.length; at += 1) {
    if (meter.steps >= meter.stop) return false;
    const codePoint = text.codePointAt(at)!;
    if (codePoint > 0xffff) at += 1;
    next.fill(0);
    let any = false;
    for (let index = 0; index < count; index += 1) {
      if (!states[index]) continue;
      meter.steps += 1;
      const token = tokens[index];
      if (token.kind === 'star') {
        next[index] = 1;
        any = true;
      } else if (tokenMatches(token, codePoint, meter)) {
        next[index + 1] = 1;
        any = true;
      }
    }
    if (!any) return false;
    closeStars(next, tokens, meter);
    const previous = states;
    states = next;
    next = previous;
  }
  return states[count] === 1;
}

function closeStars(set: Uint8Array, tokens: readonly Token[], meter: StepMeter): void {
  const count = tokens.length;
  meter.steps += count;
  for (let index = 0; index < count; index += 1) if (set[index] && tokens[index].kind === 'star') set[index + 1] = 1;
}

function closeRecursive(set: Uint8Array, segments: readonly Segment[], meter: StepMeter): void {
  const count = segments.length;
  meter.steps += count;
  for (let index = 0; index < count; index += 1) if (set[index] && segments[index].kind === 'recursive') set[index + 1] = 1;
}

function matchCompiled(path: string, compiled: CompiledGlob, meter: StepMeter): boolean {
  if (path === '' || path.startsWith('/')) return false;
  // A UTF-16 code unit is at most 3 UTF-8 bytes: only a long path needs counting.
  if (path.length > MAX_GLOB_CANDIDATE_BYTES / 3 && Buffer.byteLength(path, 'utf8') > MAX_GLOB_CANDIDATE_BYTES) throw guardrail(`candidate path exceeds ${MAX_GLOB_CANDIDATE_BYTES} UTF-8 bytes`);
  const parts = path.split('/');
  if (parts.includes('')) return false;
  if (parts.length > MAX_DECLARED_PATH_SEGMENTS) throw guardrail(`candidate path exceeds ${MAX_DECLARED_PATH_SEGMENTS} segments`);
  const segments = compiled.segments;
  const count = segments.length;
  let states = new Uint8Array(count + 1);
  let next = new Uint8Array(count + 1);
  states[0] = 1;
  closeRecursive(states, segments, meter);
  for (const part of parts) {
    if (meter.steps >= meter.stop) return false;
    next.fill(0);
    let any = false;
    for (let index = 0; index < count; index += 1) {
      if (!states[index]) continue;
      meter.steps += 1;
      const segment = segments[index];
      if (segment.kind === 'recursive') {
        next[index] = 1;
        any = true;
      } else if (segment.kind === 'literal' ? segment.text === part : matchSegment(part, segment.tokens, meter)) {
        next[index + 1] = 1;
        any = true;
      }
    }
    if (!any) return false;
    closeRecursive(next, segments, meter);
    const previous = states;
    states = next;
    next = previous;
  }
  return states[count] === 1;
}
