import { REPORT_FORMAT_NAMES, type ReportTarget, ReportError, parseReportTarget } from '@driftgate/report';
import { InvalidArgumentError, Option } from 'commander';

/**
 * `--format <format>` limited to `choices`, the first being the default; any other value is a
 * usage error naming the allowed ones (the parser's `error: option … argument … is invalid`).
 */
export function formatOption(choices: readonly string[], description = 'output format'): Option {
  return new Option('--format <format>', description).choices(choices).default(choices[0]);
}

/**
 * `--format` of a gate command: any report format, `human` by default; with `humanAlias`, that
 * name goes first and is the default (boundver calls human text `text`, as its other commands do).
 */
export function reportFormatOption(humanAlias?: { readonly name: string; readonly description: string }): Option {
  if (humanAlias === undefined) return formatOption(REPORT_FORMAT_NAMES, 'output format on stdout');
  return formatOption([humanAlias.name, ...REPORT_FORMAT_NAMES], humanAlias.description);
}

/**
 * `--report <format>=<path>`, repeatable: also write the report in that format to that file. A
 * malformed value is a usage error with the report layer's message; `example` shows one in `--help`.
 */
export function reportTargetOption(example: string): Option {
  return new Option('--report <format=path>', `also write a report file, e.g. ${example} (formats: ${REPORT_FORMAT_NAMES.join(', ')}; repeatable)`)
    .argParser((value: string, previous: ReportTarget[] | undefined) => {
      try {
        return [...(previous ?? []), parseReportTarget(value)];
      } catch (error) {
        if (error instanceof ReportError) throw new InvalidArgumentError(error.message);
        throw error;
      }
    })
    .default([]);
}
