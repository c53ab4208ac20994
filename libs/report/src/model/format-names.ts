/**
 * The report format names, without their renderers: option parsing and output paths need only
 * these, and must not load every renderer (the JUnit one brings an XML builder of ~0.5 MB) to get
 * them. `REPORT_FORMATS` in formats.ts maps each of these names to its renderer.
 */
export type ReportFormat = 'human' | 'json' | 'junit' | 'sarif' | 'github' | 'markdown' | 'codequality';

/** Format names in their fixed order (`human`, `json`, `junit`, `sarif`, `github`, `markdown`, `codequality`). */
export const REPORT_FORMAT_NAMES: readonly ReportFormat[] = ['human', 'json', 'junit', 'sarif', 'github', 'markdown', 'codequality'];

/**
 * Conventional file extension of each format (without the leading dot). Formats whose natural
 * extension another format already has get a two-part one (`github.txt`, `codequality.json`), so every format of one
 * report stem is its own file.
 */
export const REPORT_EXTENSIONS: Readonly<Record<ReportFormat, string>> = {
  human: 'txt',
  json: 'json',
  junit: 'xml',
  sarif: 'sarif',
  github: 'github.txt',
  markdown: 'md',
  codequality: 'codequality.json',
};

export function isReportFormat(name: string): name is ReportFormat {
  return (REPORT_FORMAT_NAMES as readonly string[]).includes(name);
}
