import { type YamlDepthExcess, yamlDepthExcess } from '@driftgate/git';

/**
 * Deepest collection nesting a hub's frontmatter may have. The reference reads hubs with
 * serde_yaml, whose deserializer stops at 128 levels, so a deeper hub is one it refuses; refusing
 * it here too, before the YAML library recurses, also keeps a hostile hub from exhausting the
 * stack (which the library would report as "Maximum call stack size exceeded").
 */
export const MAX_FRONTMATTER_DEPTH = 128;

/** Where the frontmatter first nests deeper than {@link MAX_FRONTMATTER_DEPTH}: 1-based line and column in the YAML text. */
export type DepthExcess = YamlDepthExcess;

/**
 * Where the frontmatter's YAML first nests deeper than the limit (the shared pre-scan: flow
 * brackets, block indentation and compact indicators). A bracket inside a plain scalar counts
 * too; it only matters when 128 of them are open at once, which no real hub has.
 */
export function frontmatterDepthExcess(yaml: string, limit = MAX_FRONTMATTER_DEPTH): DepthExcess | undefined {
  return yamlDepthExcess(yaml, limit);
}
