import type { Language } from 'web-tree-sitter';

/**
 * A grammar's node kinds by type id: name and whether it is named. A cursor's `nodeType` and
 * `nodeIsNamed` each cross into WebAssembly; one `nodeTypeId` and these tables give both. A node's
 * type id is its public symbol, and tree-sitter maps a symbol only to one of the same name and
 * namedness, so the table answers exactly what `nodeIsNamed` does.
 */
export interface NodeKinds {
  readonly names: readonly string[];
  readonly named: readonly boolean[];
}

const byLanguage = new WeakMap<Language, NodeKinds>();

/** The tables of a grammar, built once per grammar. */
export function nodeKinds(language: Language): NodeKinds {
  let kinds = byLanguage.get(language);
  if (!kinds) {
    const count = language.types.length;
    const names: string[] = [];
    const named: boolean[] = [];
    for (let id = 0; id < count; id++) {
      names.push(language.types[id] || 'ERROR');
      named.push(language.nodeTypeIsNamed(id));
    }
    kinds = { names, named };
    byLanguage.set(language, kinds);
  }
  return kinds;
}
