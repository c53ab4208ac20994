// Assertions on typed git errors, shared by the git layer's specs.
import { expect } from 'vitest';
import { isGitError, type GitErrorCode } from './git-error.js';

/** The error `promise` (or `run()`) fails with; fails the test when it succeeds. */
export async function rejection(promise: Promise<unknown> | (() => unknown)): Promise<unknown> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** Expects a `GitError` with `code` (and a message matching `message`, when given). */
export async function expectGitError(promise: Promise<unknown> | (() => unknown), code: GitErrorCode, message?: RegExp): Promise<void> {
  const error = await rejection(promise);
  expect(isGitError(error, code), `expected ${code}, got ${String(error)}`).toBe(true);
  if (message) expect((error as Error).message).toMatch(message);
}
