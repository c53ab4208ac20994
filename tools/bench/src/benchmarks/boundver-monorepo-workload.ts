import { createRng, type Rng } from '../rng.js';
import type { SyntheticFile } from '../synthetic-repo.js';

/** Workload at scale 1. */
const COMPONENTS = 50;
const TS_FILES = 3_000;
const JSON_FILES = 250;
const YAML_FILES = 120;
/** MB-sized assets (images, fonts, wasm…): few, but most of the bytes. */
const ASSETS = 5;
/** Components per shared slice; slices overlap by half. */
const SLICE_SIZE = 10;

export interface MonorepoWorkload {
  files: SyntheticFile[];
  bytes: number;
  components: number;
  slices: number;
}

const names = (count: number): string[] => Array.from({ length: count }, (_, i) => (i % 5 === 4 ? `app-${String(i).padStart(2, '0')}` : `lib-${String(i).padStart(2, '0')}`));
const componentPath = (name: string): string => (name.startsWith('app-') ? `apps/${name}` : `packages/${name}`);

function identifiers(rng: Rng): string[] {
  const parts = ['user', 'order', 'item', 'cart', 'price', 'token', 'session', 'event', 'query', 'cache', 'route', 'store', 'view', 'theme', 'id', 'list'];
  return Array.from({ length: 400 }, () => {
    const words = Array.from({ length: rng.int(1, 3) }, () => rng.pick(parts));
    return words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
  });
}

function tsSource(rng: Rng, ids: readonly string[], imports: readonly string[]): string {
  const lines = imports.map((from) => `import { ${rng.pick(ids)} } from '${from}';`);
  const blocks = rng.int(1, 12);
  for (let b = 0; b < blocks; b++) {
    const name = rng.pick(ids);
    if (rng.next() < 0.3) {
      lines.push(`export interface ${name[0]!.toUpperCase()}${name.slice(1)}Options {`);
      for (let f = rng.int(1, 6); f > 0; f--) lines.push(`  readonly ${rng.pick(ids)}: ${rng.pick(['string', 'number', 'boolean', 'string[]'])};`);
      lines.push('}');
    } else {
      lines.push(`export function ${name}${b}(${rng.pick(ids)}: number, ${rng.pick(ids)}: string): string {`);
      for (let s = rng.int(1, 10); s > 0; s--) lines.push(`  const ${rng.pick(ids)}${s} = ${rng.pick(ids)}.${rng.pick(ids)}(${rng.int(0, 99)});`);
      lines.push(`  return String(${rng.pick(ids)});`, '}');
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

function jsonDocument(rng: Rng, ids: readonly string[]): string {
  const value = Object.fromEntries(Array.from({ length: rng.int(3, 40) }, () => [rng.pick(ids), rng.next() < 0.5 ? rng.int(0, 10_000) : { [rng.pick(ids)]: rng.pick(ids), enabled: rng.next() < 0.5 }]));
  return `${JSON.stringify(value, null, 2)}\n`;
}

function yamlDocument(rng: Rng, ids: readonly string[]): string {
  const lines: string[] = [];
  for (let k = rng.int(3, 30); k > 0; k--) {
    lines.push(`${rng.pick(ids)}:`);
    for (let v = rng.int(1, 4); v > 0; v--) lines.push(`  ${rng.pick(ids)}: ${rng.next() < 0.5 ? rng.int(0, 999) : rng.pick(ids)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Incompressible bytes with NULs: binary content that line-ending canonicalization must leave alone. */
function asset(rng: Rng, size: number): Buffer {
  const bytes = Buffer.allocUnsafe(size);
  for (let i = 0; i < size; i += 4) bytes.writeUInt32LE(Math.floor(rng.next() * 0x1_0000_0000), Math.min(i, size - 4));
  return bytes;
}

/**
 * The config: every component versioned by its package.json, a raw boundary over its public
 * door and API folder, a JSON-canonical boundary for the schema packages, behavior over its
 * TypeScript sources, consumers towards the apps, and shared slices (overlapping windows of
 * components, alternating exact and boundary mode).
 */
function configText(componentNames: readonly string[], slices: number): string {
  const components = componentNames.map((name, i) => {
    const schema = i % 10 === 3;
    const consumers = componentNames.filter((other, j) => j > i && j <= i + 3 && (other.startsWith('app-') || j === i + 1));
    return [
      name,
      {
        path: componentPath(name),
        version_source: { file: 'package.json', field: 'version' },
        boundary: schema ? { provider: 'json-canonical', paths: ['schema'] } : { provider: 'path-hash', paths: ['src/index.ts', 'src/api'] },
        behavior: { paths: ['src/**/*.ts'] },
        consumers,
      },
    ];
  });
  const sliceEntries = Array.from({ length: slices }, (_, s) => [
    `shared-${s}`,
    { mode: s % 2 === 0 ? 'exact' : 'boundary', components: componentNames.slice((s * SLICE_SIZE) / 2, (s * SLICE_SIZE) / 2 + SLICE_SIZE) },
  ]);
  const config = { project: 'monorepo-bench', components: Object.fromEntries(components), slices: Object.fromEntries(sliceEntries) };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/**
 * A repository shaped like a real TypeScript monorepo: a few thousand small TS files spread over
 * 50 components (`packages/*`, every fifth an app under `apps/*`), some JSON and YAML, a few
 * MB-sized binary assets, and shared slices across components. Counts scale with `scale`; the
 * component count stays 50.
 */
export function monorepoWorkload(seed: number, scale: number): MonorepoWorkload {
  const rng = createRng(seed);
  const ids = identifiers(rng);
  const componentNames = names(COMPONENTS);
  const files: SyntheticFile[] = [];
  const pick = (): string => componentPath(rng.pick(componentNames));
  const tsCount = Math.max(COMPONENTS, Math.round(TS_FILES * scale));
  for (let i = 0; i < tsCount; i++) {
    const name = componentNames[i % COMPONENTS]!;
    const local = Math.floor(i / COMPONENTS);
    const dir = local === 0 ? 'src' : local % 6 === 0 ? 'src/api' : `src/feature${local % 9}/${rng.pick(['model', 'view', 'util'])}`;
    const file = local === 0 ? 'index.ts' : local % 4 === 0 ? `${rng.pick(ids)}${local}.spec.ts` : `${rng.pick(ids)}${local}.ts`;
    const imports = Array.from({ length: rng.int(0, 4) }, () => (rng.next() < 0.5 ? `./${rng.pick(ids)}.js` : `@mono/${rng.pick(componentNames)}`));
    files.push({ path: `${componentPath(name)}/${dir}/${file}`, content: Buffer.from(tsSource(rng, ids, imports)) });
  }
  componentNames.forEach((name, i) => {
    const path = componentPath(name);
    files.push({ path: `${path}/package.json`, content: Buffer.from(`${JSON.stringify({ name: `@mono/${name}`, version: `${1 + (i % 3)}.${i}.0`, type: 'module' }, null, 2)}\n`) });
    files.push({ path: `${path}/tsconfig.json`, content: Buffer.from(`${JSON.stringify({ extends: '../../tsconfig.base.json', include: ['src'] }, null, 2)}\n`) });
    if (i % 10 === 3) files.push({ path: `${path}/schema/${name}.schema.json`, content: Buffer.from(jsonDocument(rng, ids)) });
  });
  for (let i = 0; i < Math.round(JSON_FILES * scale); i++) files.push({ path: `${pick()}/fixtures/${rng.pick(ids)}-${i}.json`, content: Buffer.from(jsonDocument(rng, ids)) });
  for (let i = 0; i < Math.round(YAML_FILES * scale); i++) files.push({ path: `${pick()}/config/${rng.pick(ids)}-${i}.yaml`, content: Buffer.from(yamlDocument(rng, ids)) });
  for (let i = 0; i < Math.max(1, Math.round(ASSETS * scale)); i++) {
    files.push({ path: `${componentPath(componentNames[(i * 7) % COMPONENTS]!)}/assets/asset-${i}.bin`, content: asset(rng, rng.int(1_000_000, 3_000_000)) });
  }
  const slices = Math.floor((COMPONENTS - SLICE_SIZE) / (SLICE_SIZE / 2)) + 1;
  files.push({ path: 'tsconfig.base.json', content: Buffer.from(`${JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext' } }, null, 2)}\n`) });
  files.push({ path: 'boundary.config.json', content: Buffer.from(configText(componentNames, slices)) });
  // fast-import takes paths in any order; duplicates (a re-drawn fixture name) keep the last.
  const unique = [...new Map(files.map((file) => [file.path, file])).values()];
  return { files: unique, bytes: unique.reduce((sum, file) => sum + file.content.length, 0), components: COMPONENTS, slices };
}
