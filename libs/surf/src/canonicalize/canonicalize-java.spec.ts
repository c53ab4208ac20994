import { describe, expect, it } from 'vitest';
import { hashAnchor } from '../hash/hash-anchor.js';

// Recipe 3 on Java, on real parses: layout, comments and Javadoc are cosmetic; a one-token change
// of an operator, literal, identifier or keyword is loud; locals and parameters are placeholders
// bound in their scope, member names stay verbatim.

const BASE = `package p;

/** Prices orders. */
public class Pricing {
  private int rate = 2;

  /**
   * The price of {@code qty} items.
   */
  @Override
  public long price(Order order, int qty) {
    long total = 0; // running sum
    for (Line line : order.lines()) {
      total += line.cost() * qty;
    }
    Runnable log = () -> System.out.println("total:\\t" + total);
    String note = """
        priced
          here\\n
        """;
    char sep = ',';
    return total > 100 ? total - rate : total;
  }
}
`;

const AT = 'src/Pricing.java > Pricing > price';
const digest = async (text: string, at = AT): Promise<string> => (await hashAnchor(text, at)).stamp;

/** `from` must occur exactly once, so each edit is the one it says. */
function edit(from: string, to: string): string {
  expect(BASE.split(from).length, from).toBe(2);
  return BASE.replace(from, to);
}

describe('recipe 3 on Java', () => {
  it('stamps under 3:', async () => {
    expect(await digest(BASE)).toMatch(/^3:[0-9a-f]{12}$/);
  });

  it.each([
    [
      'reindented and rewrapped (outside the text block, whose layout is its content)',
      BASE.replace('(Order order, int qty)', '(\n      Order order,\n      int qty)')
        .replace('    for (Line line : order.lines()) {', '\t\tfor (Line line:order.lines())\n\t\t{')
        .replace('total > 100 ? total - rate : total', 'total>100?total-rate:total'),
    ],
    ['a space before the text block ends its statement', edit('        """;', '        """ ;')],
    ['a line comment changed', edit('// running sum', '// accumulated total')],
    ['a block comment added', edit('long total = 0;', 'long total = /* start */ 0;')],
    ['the Javadoc rewritten', edit('The price of {@code qty} items.', 'Price for a quantity.')],
    ['the class Javadoc removed', edit('/** Prices orders. */\n', '')],
    ['CRLF line ends', BASE.replace(/\n/g, '\r\n')],
    ['a local renamed', BASE.replace(/\btotal\b(?!:)/g, 'sum')],
    ['a parameter renamed', BASE.replace(/\bqty\b/g, 'count')],
    ['a loop variable renamed', BASE.replace(/\bline\b/g, 'item')],
  ])('is unchanged: %s', async (_, text) => {
    expect(await digest(text)).toBe(await digest(BASE));
  });

  it.each([
    ['an operator', edit('total > 100', 'total >= 100')],
    ['a compound operator', edit('total +=', 'total -=')],
    ['a number', edit('total > 100', 'total > 101')],
    ['a string', edit('"total:\\t"', '"total: \\t"')],
    ['an escape in a string', edit('"total:\\t"', '"total:\\n"')],
    ['a text block line', edit('          here', '           here')],
    ['text block indentation', edit('        priced', '         priced')],
    ['a char literal', edit("','", "';'")],
    ['a member name', edit('line.cost()', 'line.price()')],
    ['a field read', edit('total - rate', 'total - margin')],
    ['a type', edit('long total = 0', 'int total = 0')],
    ['a keyword', edit('  public long price', '  protected long price')],
    ['an annotation', edit('@Override', '@Deprecated')],
    ['a call target', edit('System.out.println', 'System.err.println')],
  ])('changes: %s', async (_, text) => {
    expect(await digest(text)).not.toBe(await digest(BASE));
  });

  it('renames a method neutrally but not the calls it makes', async () => {
    const renamed = BASE.replace('long price(', 'long cost(');
    expect(await digest(renamed, 'src/Pricing.java > Pricing > cost')).toBe(await digest(BASE));
  });

  it('keeps a local that shadows nothing apart from a field of the same name elsewhere', async () => {
    // `rate` is a field read: binding a new local `rate` in the method turns that read into a placeholder.
    const shadowed = edit('long total = 0;', 'long total = 0; int rate = 3;');
    expect(await digest(shadowed)).not.toBe(await digest(BASE));
  });

  it('hashes each declarator of a field with the declaration around it', async () => {
    const text = 'class A {\n  @Inject private static final int a = 1, b = 2;\n}\n';
    const b = await hashAnchor(text, 'A.java > A > b');
    expect(b.code).toBe('@Inject private static final int a = 1, b = 2');
    expect((await hashAnchor(text.replace('a = 1', 'a = 3'), 'A.java > A > b')).stamp).not.toBe(b.stamp);
    expect((await hashAnchor(text.replace('@Inject ', ''), 'A.java > A > b')).stamp).not.toBe(b.stamp);
    expect((await hashAnchor(text.replace('b = 2', 'b = 2, c'), 'A.java > A > b')).stamp).toBe(b.stamp);
  });

  it('ignores literal text under ignore_literals, text blocks included', async () => {
    const options = { ignoreLiterals: true };
    const changed = edit('          here', '          there');
    expect((await hashAnchor(changed, AT, options)).stamp).toBe((await hashAnchor(BASE, AT, options)).stamp);
  });
});
