// CommonJS dependencies inside an ES module bundle still call `require` for Node's built-ins and
// may read `__filename`: every bundle
// starts with these lines.
export const ESM_BANNER = [
  "import { createRequire as __bundleCreateRequire } from 'node:module';",
  "import { fileURLToPath as __bundleFileURLToPath } from 'node:url';",
  'const require = __bundleCreateRequire(import.meta.url);',
  'const __filename = __bundleFileURLToPath(import.meta.url);',
].join('\n');
