import type fc from 'fast-check';

/**
 * One parser under fuzz: how to generate its inputs and how to feed one to it. `run` returns
 * whatever the parser returns (a value, or issues reported as data); a throw is judged by the
 * runner, which accepts only the project's typed errors.
 */
export interface FuzzTarget<Input = unknown> {
  /** Kebab-case name, used by `npm run fuzz -- --target <name>` and in test titles. */
  readonly name: string;
  /** What the target feeds, for the listing and the failure message. */
  readonly description: string;
  /** Grammar-shaped and mutated inputs; keep them bounded so one call stays fast. */
  readonly arbitrary: fc.Arbitrary<Input>;
  /** Feeds one input to the parser (or chain of parsers) under test. */
  run(input: Input): unknown;
}

/** Declares a target with its input type inferred from the arbitrary. */
export function fuzzTarget<Input>(target: FuzzTarget<Input>): FuzzTarget<Input> {
  return target;
}
