import { type TextSplice, spliceBetween } from '@driftgate/syntax';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TextDocuments } from 'vscode-languageserver';

/** Called with the splices one `didChange` made to a document, in the order they apply. */
export type SpliceListener = (uri: string, splices: readonly TextSplice[]) => void;

/**
 * The open documents, as `TextDocuments` keeps them, also reporting each change as splices so a
 * parsed tree can follow the edit instead of being parsed again. A ranged change's positions are
 * resolved against the text the previous change of the same notification left (as LSP orders
 * them), with the document's own clamping and line rules; a whole-text change becomes the
 * splice between the old and the new text.
 */
export function splicedDocuments(listener: SpliceListener): TextDocuments<TextDocument> {
  return new TextDocuments<TextDocument>({
    create: (uri, languageId, version, content) => TextDocument.create(uri, languageId, version, content),
    update: (document, changes, version) => {
      const splices: TextSplice[] = [];
      let current = document;
      for (const change of changes) {
        if ('range' in change) {
          // A range given end first is the same range (as the document applies it).
          const [a, b] = [current.offsetAt(change.range.start), current.offsetAt(change.range.end)];
          splices.push({ start: Math.min(a, b), oldEnd: Math.max(a, b), text: change.text });
        } else {
          const splice = spliceBetween(current.getText(), change.text);
          if (splice !== undefined) splices.push(splice);
        }
        current = TextDocument.update(current, [change], version);
      }
      listener(document.uri, splices);
      return current;
    },
  });
}
