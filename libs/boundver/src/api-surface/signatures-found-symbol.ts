/** A public symbol of one file, before it is attributed to an entry point. */
export interface FoundSymbol {
  /** Its name in the file's namespace; members joined with `.` (`Client.send`). */
  readonly name: string;
  /** `function`, `class`, `method`, `type`, `struct`, … */
  readonly kind: string;
  /** The signature's canonical token stream (see `signatureTokens`). */
  readonly text: string;
}

/**
 * Symbols with one name per name: declarations that share a name (overloads, a Go method set
 * split over files, a Rust method in two `impl` blocks) become one symbol whose text lists each
 * declaration's text on its own line, in document order, under the first one's kind.
 */
export function mergeByName(symbols: Iterable<FoundSymbol>): FoundSymbol[] {
  const byName = new Map<string, { kind: string; texts: string[] }>();
  for (const symbol of symbols) {
    const existing = byName.get(symbol.name);
    if (existing) existing.texts.push(symbol.text);
    else byName.set(symbol.name, { kind: symbol.kind, texts: [symbol.text] });
  }
  return [...byName].map(([name, { kind, texts }]) => ({ name, kind, text: texts.join('\n') }));
}
