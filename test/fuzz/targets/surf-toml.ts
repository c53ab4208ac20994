import { compileWorkspaceGlob, parseSurfConfig } from '@driftgate/surf';
import fc from 'fast-check';
import { globText } from '../arbitraries/path-text.js';
import { hostilePiece, hostileText, nested, nestingDepth } from '../arbitraries/hostile-text.js';
import { lineEndingVariant, mutated } from '../arbitraries/mutate.js';
import { fuzzTarget } from '../fuzz-target.js';

const tomlString = fc.oneof(globText.map((g) => JSON.stringify(g)), hostileText(3).map((t) => `'${t}'`), fc.constant('"""multi\nline"""'));
const tomlValue = fc.oneof(
  fc.array(tomlString, { maxLength: 3 }).map((l) => `[${l.join(', ')}]`),
  tomlString,
  fc.constantFrom('2', '3', '4', '2.0', '-1', '99999999999999999999', '0x3', 'true', '1979-05-27', '07:32:00', 'inf', 'nan', '{}', '{ a = 1 }', '[[]]', '[1, "a"]', '[]'),
  nestingDepth.map((d) => nested(['['], [']'], d, '"x"')),
  nestingDepth.map((d) => nested(['{ a = '], [' }'], d, '1')),
);

/** surf.toml documents: the three keys with right and wrong values, unknown keys, tables. */
const surfToml = fc
  .array(fc.tuple(fc.constantFrom('hubs', 'bundles', 'recipe', 'hubs', 'bogus', '"hubs"', 'hubs.x', '[hubs]\nx', '__proto__'), tomlValue), { maxLength: 4 })
  .map((entries) => entries.map(([key, value]) => `${key} = ${value}`).join('\n'));

const tokens = fc.oneof(hostilePiece, fc.constantFrom('[', ']', '=', '"', "'", '"""', '\n[table]\n', '\\u0000', '\\U0010FFFF', '\\ud800', ' # c', ','));

/** `parseSurfConfig` (SURF_BAD_CONFIG), then compiling every glob it returns (SURF_BAD_GLOB), as loading does. */
export const surfTomlTarget = fuzzTarget({
  name: 'surf-toml',
  description: 'surf parseSurfConfig and the workspace globs it yields',
  arbitrary: lineEndingVariant(
    fc.oneof(
      { weight: 3, arbitrary: surfToml },
      { weight: 2, arbitrary: mutated(fc.oneof(fc.constant('hubs = ["hubs/*.md"]\nbundles = ["docs"]\nrecipe = 3\n'), surfToml), tokens) },
    ),
  ),
  run: (text) => {
    const config = parseSurfConfig(text);
    for (const pattern of config.hubs) compileWorkspaceGlob(pattern, `\`hubs\` entry \`${pattern}\``);
    for (const dir of config.bundles) compileWorkspaceGlob(`${dir}/**/*.md`, `\`bundles\` entry \`${dir}\``);
    return config;
  },
});
