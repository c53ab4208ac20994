// The reference's digest-vector corpus (spec/vectors.md §2.2) as a real git repository, shared by
// the engine's unit tests and the CLI's black-box tests.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTempRepo, GIT_TEST_ENV, type TempRepo } from '../../../../test/support/temp-repo.js';
import { parseStrictJson } from '../formats/strict-json.js';
import { pythonJsonDumps } from '../formats/python-json.js';

/** The corpus config, in the key order the vectors give (it fixes the lock's key order). */
export const CORPUS_CONFIG_JSON =
  '{"project":"vectors","components":{' +
  '"svc":{"path":"svc","boundary":{"provider":"path-hash","paths":["api"]},"behavior":{"paths":["api","cfg.json"]},"consumers":["sdk"]},' +
  '"sdk":{"path":"sdk","boundary":{"provider":"leaf","paths":[]}}},' +
  '"slices":{"everything":{"mode":"exact","components":["sdk","svc"]}}}';

/** Expected values of vectors.md §2.2 (source=head). */
export const CORPUS_DIGESTS = {
  svcExact: 'bed29325c75fa47a4e2a3a559af7e3bbf36639ddf08eecc47b5e1664cf746a52',
  svcBoundary: '21641c14bc8473ad2db7d27e50f4394c5746928440e7974ea87cfb0ea1b22396',
  svcBehavior: '9f69af50096e77dcdca3c508b832b23c177fe32b15155d6ec9e3efbaba486b0a',
  sdkExact: '187c6bac121a75bfdf1ff23215500ca33c231464658b91e880a91506e5f2e2b0',
  sliceEverythingV3: '46a17f47e364fafe779f13b2d2a8a12f53649471270c3170496ce9b19d0d2db5',
  configDigestV2: '17d8317327fcc0173776bdbf23236ee2b37b2bd9542985613b6b5e6fab06f14c',
} as const;

function git(dir: string, args: string[], input?: string): string {
  return execFileSync('git', args, { cwd: dir, env: { ...process.env, ...GIT_TEST_ENV }, encoding: 'utf8', ...(input === undefined ? {} : { input }) }).trim();
}

/**
 * Builds the corpus: the committed files, then through the index only a `+x` on svc/run.sh, a
 * symlink entry svc/api/link.yaml → `api/lf.yaml`, and a gitlink at vendor/sub; committed as is.
 */
export function buildVectorCorpus(): TempRepo {
  const binary = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from([0]), Buffer.from('tail')]);
  const config = `${pythonJsonDumps(parseStrictJson(CORPUS_CONFIG_JSON, 'config'), { indent: 2 })}\n`;
  const repo = createTempRepo(
    {
      'svc/api/lf.yaml': 'openapi: 3.1.0\nkey: value\n',
      'svc/api/crlf.yaml': 'openapi: 3.1.0\r\nkey: value\r\n',
      'svc/api/lone-cr.yaml': 'a\rb\rc\n',
      'svc/api/empty.yaml': '',
      'svc/api/.hidden.yaml': 'openapi: 3.1.0\n',
      'svc/api/nested/deep/spec.yaml': 'openapi: 3.1.0\n',
      'svc/api/unicode-é中.yaml': 'openapi: 3.1.0\n',
      'svc/api/binary.bin': binary,
      'svc/cfg.json': '{\n  "retries": 3,\n  "nested": {\n    "a": [\n      1,\n      2\n    ]\n  }\n}\n',
      'svc/run.sh': '#!/bin/sh\necho hi\n',
      'sdk/index.ts': 'export const x = 1;\n',
      'boundary.config.json': config,
    },
    { attributes: '* -text\n' },
  );
  git(repo.dir, ['update-index', '--chmod=+x', 'svc/run.sh']);
  const link = git(repo.dir, ['hash-object', '-w', '--stdin'], 'api/lf.yaml');
  git(repo.dir, ['update-index', '--add', '--cacheinfo', `120000,${link},svc/api/link.yaml`]);
  const sub = join(repo.dir, 'vendor', 'sub');
  mkdirSync(sub, { recursive: true });
  git(sub, ['init', '-q', '-b', 'main']);
  writeFileSync(join(sub, 'README'), 'nested\n');
  git(sub, ['add', 'README']);
  git(sub, ['-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'nested']);
  const subCommit = git(sub, ['rev-parse', 'HEAD']);
  git(repo.dir, ['update-index', '--add', '--cacheinfo', `160000,${subCommit},vendor/sub`]);
  git(repo.dir, ['commit', '-q', '-m', 'index-only changes']);
  return repo;
}
