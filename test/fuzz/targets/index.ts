import type { FuzzTarget } from '../fuzz-target.js';
import { anchorTarget } from './anchor.js';
import { boundverConfigJsonTarget, boundverConfigTomlTarget, boundverConfigYamlTarget } from './boundver-config.js';
import { declaredPathTarget } from './declared-path.js';
import { discoveryExclusionTarget } from './discovery-exclusion.js';
import { globTarget } from './glob.js';
import { hubFrontmatterTarget } from './hub-frontmatter.js';
import { lockReadTarget } from './lock-read.js';
import { refTarget } from './ref.js';
import { selectDeclaredPathsTarget } from './select-declared-paths.js';
import { surfGlobTarget } from './surf-glob.js';
import { surfTomlTarget } from './surf-toml.js';
import { verifyBaselineTarget } from './verify-baseline.js';

/**
 * Every fuzz target, in the order the suite runs them. Each one's input type is private to it (its
 * arbitrary feeds its own `run`), so the list forgets them.
 */
export const FUZZ_TARGETS = [
  hubFrontmatterTarget,
  anchorTarget,
  refTarget,
  surfTomlTarget,
  surfGlobTarget,
  boundverConfigJsonTarget,
  boundverConfigYamlTarget,
  boundverConfigTomlTarget,
  lockReadTarget,
  verifyBaselineTarget,
  declaredPathTarget,
  globTarget,
  selectDeclaredPathsTarget,
  discoveryExclusionTarget,
] as unknown as readonly FuzzTarget<unknown>[];
