// Shell completion scripts rendered from a CLI's own command definitions, so they list exactly the
// commands, options and choices the parser accepts and cannot drift from it. The shapes below are
// the parts of a commander `Command` / `Option` the scripts need, typed structurally so that the
// renderer can be fed any command tree (the tests build small ones) without a commander program.

/** The shells {@link completionScript} writes for. */
export const COMPLETION_SHELLS = ['bash', 'zsh', 'fish'] as const;
export type CompletionShell = (typeof COMPLETION_SHELLS)[number];

/** An option as commander defines it. */
export interface CompletableOption {
  readonly long?: string | undefined;
  readonly short?: string | undefined;
  /** `<value>` (required) or `[value]` (optional) after the flag. */
  readonly required: boolean;
  readonly optional: boolean;
  readonly argChoices?: readonly string[] | undefined;
  readonly description: string;
  readonly hidden?: boolean;
}

/** A command as commander defines it (the program is one too). */
export interface CompletableCommand {
  name(): string;
  description(): string;
  readonly options: readonly CompletableOption[];
  readonly commands: readonly CompletableCommand[];
  /** Positional arguments; their presence lets file names complete. */
  readonly registeredArguments?: readonly unknown[];
}

interface Flag {
  readonly long: string | null;
  readonly short: string | null;
  readonly takesValue: boolean;
  readonly choices: readonly string[];
  readonly description: string;
}

interface Node {
  readonly name: string;
  readonly description: string;
  readonly flags: Flag[];
  readonly positional: boolean;
}

// Every word a script writes bare: commands, flags and choices are identifiers, never shell syntax.
const WORD = /^[A-Za-z0-9][A-Za-z0-9_.+=-]*$/;
const FLAG = /^--?[A-Za-z0-9][A-Za-z0-9_.-]*$/;

function word(value: string, what: string): string {
  if (!(what === 'option' ? FLAG : WORD).test(value)) throw new Error(`Cannot write the ${what} ${JSON.stringify(value)} into a completion script: it is not a plain word.`);
  return value;
}

/** A description on one line, short, without characters the scripts' quoting treats specially. */
function summary(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const first = line.split(/; | \(|: /)[0] ?? line;
  const short = first.length > 80 ? `${first.slice(0, 77).trimEnd()}...` : first;
  return short.replace(/[[\]]/g, (bracket) => (bracket === '[' ? '(' : ')')).replace(/[\\`$"]/g, '');
}

const HELP: Flag = { long: '--help', short: '-h', takesValue: false, choices: [], description: 'show help' };

function flagsOf(command: CompletableCommand): Flag[] {
  const flags = command.options
    .filter((option) => option.hidden !== true)
    .map((option) => ({
      long: option.long === undefined ? null : word(option.long, 'option'),
      short: option.short === undefined ? null : word(option.short, 'option'),
      takesValue: option.required || option.optional,
      choices: (option.argChoices ?? []).map((choice) => word(choice, 'choice')),
      description: summary(option.description),
    }));
  return [...flags, HELP];
}

function nodesOf(program: CompletableCommand): { root: Node; commands: Node[] } {
  const commands = program.commands.map((command) => ({
    name: word(command.name(), 'command'),
    description: summary(command.description()),
    flags: flagsOf(command),
    positional: (command.registeredArguments ?? []).length > 0,
  }));
  return { root: { name: word(program.name(), 'program'), description: summary(program.description()), flags: flagsOf(program), positional: false }, commands };
}

const spellings = (flag: Flag): string[] => [flag.long, flag.short].filter((value): value is string => value !== null);
const functionName = (program: string): string => `_${program.replace(/[^A-Za-z0-9_]/g, '_')}`;

function bash(root: Node, commands: Node[]): string {
  const fn = functionName(root.name);
  const lines = [
    `# bash completion for ${root.name}, generated from its command definitions (\`${root.name} completions --shell bash\`).`,
    `${fn}() {`,
    '  local cur prev cmd i',
    '  cur="${COMP_WORDS[COMP_CWORD]}"',
    '  prev="${COMP_WORDS[COMP_CWORD-1]}"',
    '  cmd=""',
    '  for ((i = 1; i < COMP_CWORD; i++)); do',
    '    case "${COMP_WORDS[i]}" in',
    '      -*) ;;',
    '      *) cmd="${COMP_WORDS[i]}"; break ;;',
    '    esac',
    '  done',
    '  case "$cmd" in',
    `    "") COMPREPLY=($(compgen -W "${[...commands.map((command) => command.name), ...root.flags.flatMap(spellings)].join(' ')}" -- "$cur")); return 0 ;;`,
  ];
  for (const command of commands) {
    lines.push(`    ${command.name})`, '      case "$prev" in');
    for (const flag of command.flags.filter((f) => f.takesValue)) {
      // A value without choices is left to the default completion (file names).
      lines.push(`        ${spellings(flag).join('|')}) ${flag.choices.length > 0 ? `COMPREPLY=($(compgen -W "${flag.choices.join(' ')}" -- "$cur"))` : 'COMPREPLY=()'}; return 0 ;;`);
    }
    lines.push('      esac', `      if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "${command.flags.flatMap(spellings).join(' ')}" -- "$cur")); else COMPREPLY=(); fi`, '      return 0 ;;');
  }
  lines.push('  esac', '  COMPREPLY=()', '}', `complete -o bashdefault -o default -F ${fn} ${root.name}`, '');
  return lines.join('\n');
}

function zshSpec(flag: Flag): string[] {
  const description = flag.description.replace(/'/g, "'\\''");
  const value = flag.takesValue ? `:value:${flag.choices.length > 0 ? `(${flag.choices.join(' ')})` : '_files'}` : '';
  return spellings(flag).map((spelling) => `'${spelling}[${description}]${value}'`);
}

function zsh(root: Node, commands: Node[]): string {
  const fn = functionName(root.name);
  const lines = [
    `#compdef ${root.name}`,
    `# zsh completion for ${root.name}, generated from its command definitions (\`${root.name} completions --shell zsh\`).`,
    `${fn}() {`,
    '  local curcontext="$curcontext" state line',
    '  local -a commands',
    '  commands=(',
    ...commands.map((command) => `    '${command.name}:${command.description.replace(/'/g, "'\\''")}'`),
    '  )',
    '  _arguments -C \\',
    ...root.flags.flatMap(zshSpec).map((spec) => `    ${spec} \\`),
    "    '1: :->command' \\",
    "    '*:: :->args'",
    '  case $state in',
    `    command) _describe -t commands '${root.name} command' commands ;;`,
    '    args)',
    '      case $words[1] in',
  ];
  for (const command of commands) {
    const specs = [...command.flags.flatMap(zshSpec), ...(command.positional ? ["'*:file:_files'"] : [])];
    lines.push(`        ${command.name}) _arguments ${specs.join(' ')} ;;`);
  }
  lines.push(
    '      esac ;;',
    '  esac',
    '}',
    // Autoloaded from $fpath the file is the function's body; sourced, it registers itself.
    `if [ "$funcstack[1]" = "${fn}" ]; then`,
    `  ${fn} "$@"`,
    'else',
    `  compdef ${fn} ${root.name}`,
    'fi',
    '',
  );
  return lines.join('\n');
}

function fishQuote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function fishFlag(program: string, condition: string, flag: Flag): string {
  const parts = [`complete -c ${program} -n ${fishQuote(condition)}`];
  if (flag.long !== null) parts.push(`-l ${flag.long.replace(/^--/, '')}`);
  if (flag.short !== null) parts.push(`-s ${flag.short.replace(/^-/, '')}`);
  if (flag.takesValue) parts.push(flag.choices.length > 0 ? `-x -a ${fishQuote(flag.choices.join(' '))}` : '-r -F');
  parts.push(`-d ${fishQuote(flag.description)}`);
  return parts.join(' ');
}

function fish(root: Node, commands: Node[]): string {
  const top = '__fish_use_subcommand';
  const lines = [`# fish completion for ${root.name}, generated from its command definitions (\`${root.name} completions --shell fish\`).`, `complete -c ${root.name} -f`];
  for (const command of commands) lines.push(`complete -c ${root.name} -n ${fishQuote(top)} -a ${command.name} -d ${fishQuote(command.description)}`);
  for (const flag of root.flags) lines.push(fishFlag(root.name, top, flag));
  for (const command of commands) {
    const inside = `__fish_seen_subcommand_from ${command.name}`;
    for (const flag of command.flags) lines.push(fishFlag(root.name, inside, flag));
    if (command.positional) lines.push(`complete -c ${root.name} -n ${fishQuote(inside)} -F`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The completion script of `program` for `shell`: subcommands with their descriptions, each
 * command's options (and the program's), the choices of options that have them, and file names
 * for options and arguments that take a path. bash: a `complete -F` function; zsh: a `#compdef`
 * function for `$fpath` that also registers itself when sourced; fish: `complete` lines.
 */
export function completionScript(program: CompletableCommand, shell: CompletionShell): string {
  const { root, commands } = nodesOf(program);
  if (shell === 'bash') return bash(root, commands);
  if (shell === 'zsh') return zsh(root, commands);
  return fish(root, commands);
}

/** Where each shell looks for a completion script, as `--help` text for `<program> completions`. */
export function completionInstallText(program: string): string {
  const name = word(program, 'program');
  return [
    '',
    'Install:',
    `  bash:  ${name} completions --shell bash > ~/.local/share/bash-completion/completions/${name}`,
    `  zsh:   ${name} completions --shell zsh > ~/.zfunc/_${name}   (with ~/.zfunc in $fpath before compinit)`,
    `  fish:  ${name} completions --shell fish > ~/.config/fish/completions/${name}.fish`,
    '',
  ].join('\n');
}
