import type * as TS from 'typescript';
import { compareCodePoints as compareText } from './typescript-entry-points.js';
import type { TypescriptModule } from './typescript-loader.js';
import { fromVirtual } from './typescript-program.js';

// A valid identifier no source is likely to contain.
const NAME_STAND_IN = '\u0275exportedName';

/** React's component wrappers, by the name they are called with (bare or as `React.<name>`). */
const WRAPPERS: ReadonlySet<string> = new Set(['memo', 'forwardRef']);

/** The kind and body-free declaration text of one exported symbol. */
export interface DeclarationText {
  readonly kind: string;
  readonly text: string;
  /** For kind `unresolved`: the specifier the re-export names and the repository file it is written in. */
  readonly reexport?: { readonly specifier: string; readonly file: string | undefined };
  /**
   * Wrapped components (`memo(X)`) among the text whose wrapped function the snapshot cannot
   * resolve: their API is only the call as written, so a change of X's props is not gated.
   */
  readonly notGated?: ReadonlyArray<{ readonly name: string; readonly wrapped: string; readonly file: string | undefined }>;
}

/**
 * Turns exported symbols into declaration texts that change exactly when their API does.
 *
 * A text is composed from the declaration's own nodes (type annotations, heritage clauses, type
 * parameters as written) with bodies, initializers, decorators and comments left out and missing
 * types filled in by the checker, then canonicalized: parsed again and printed once more with
 * string literals in one quote style and union members sorted, so formatting, quoting and the
 * order in which the checker happened to create union members do not show.
 */
export class DeclarationPrinter {
  private readonly printer: TS.Printer;
  private readonly openNamespaces = new Set<TS.Symbol>();
  /** Filled while one symbol's text is composed, drained into its {@link DeclarationText.notGated}. */
  private notGatedWrapped: Array<{ name: string; wrapped: string }> = [];

  constructor(
    private readonly ts: TypescriptModule,
    private readonly checker: TS.TypeChecker,
  ) {
    this.printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
  }

  /** Whether a declaration (or the statement holding it) carries a JSDoc `@internal` tag. */
  isInternal(node: TS.Node): boolean {
    const ts = this.ts;
    const hosts: TS.Node[] = [node];
    if (ts.isVariableDeclaration(node) && ts.isVariableDeclarationList(node.parent)) hosts.push(node.parent.parent);
    if (ts.isExportSpecifier(node)) hosts.push(node.parent.parent);
    return hosts.some((host) => ts.getJSDocTags(host).some((tag) => tag.tagName.text === 'internal') || this.hasInternalComment(host));
  }

  /**
   * The parser attaches no JSDoc to a member on the same line as the `{` before it
   * (`{ /** @internal *\/ x: number }`), and TypeScript's comment ranges count it as trailing;
   * it is still in the node's leading trivia.
   */
  private hasInternalComment(node: TS.Node): boolean {
    const sourceFile = node.getSourceFile();
    if (sourceFile === undefined) return false;
    const trivia = sourceFile.text.slice(node.pos, node.getStart(sourceFile));
    return /\/\*\*(?:(?!\*\/)[\s\S])*@internal\b/.test(trivia);
  }

  /**
   * The text of an exported symbol under its exported name, or undefined when it is `@internal`.
   * Types of the repository it refers to that the entry does not export (`function f(o: Options)`
   * with a module-private `Options`, a non-exported base class) follow its own text: consumers
   * depend on their shape even though they cannot name them.
   */
  describe(exported: TS.Symbol, name: string, exportedTargets: ReadonlySet<TS.Symbol>): DeclarationText | undefined {
    const own = this.describeOwn(exported, name);
    if (own === undefined || own.kind === 'unresolved') return own;
    const ts = this.ts;
    const target = exported.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(exported) : exported;
    const referencedTexts = this.unexportedReferences(target, exportedTargets)
      .map((symbol) => this.describeOwn(symbol, ts.symbolName(symbol)))
      .filter((described): described is DeclarationText => described !== undefined);
    const referenced = referencedTexts.map((described) => described.text).sort(compareText);
    const notGated = [own, ...referencedTexts].flatMap((described) => described.notGated ?? []);
    if (referenced.length === 0) return own;
    return { kind: own.kind, text: [own.text, ...referenced].join('\n'), ...(notGated.length === 0 ? {} : { notGated }) };
  }

  /**
   * Repository symbols the written types of a declaration name (type references, heritage
   * clauses, `typeof x`), transitively, that are not exported. Bodies, private members and the
   * initializers of annotated declarations are not looked into: they are not API.
   */
  private unexportedReferences(target: TS.Symbol, exportedTargets: ReadonlySet<TS.Symbol>): TS.Symbol[] {
    const ts = this.ts;
    const checker = this.checker;
    const found = new Set<TS.Symbol>();
    const queue: TS.Node[] = [...(target.declarations ?? [])];
    const visit = (node: TS.Node): void => {
      if (ts.isBlock(node)) return;
      if (ts.isClassElement(node) && this.isHidden(node)) return;
      // What `memo(Card)` wraps is part of its API as much as a type it names.
      const wrapped = ts.isExpression(node) ? this.wrapperCall(node)?.arguments[0] : undefined;
      const wrappedName = wrapped !== undefined && ts.isIdentifier(this.unwrapped(wrapped)) ? this.unwrapped(wrapped) : undefined;
      const nameNode = ts.isTypeReferenceNode(node) ? node.typeName : ts.isTypeQueryNode(node) ? node.exprName : ts.isExpressionWithTypeArguments(node) ? node.expression : wrappedName;
      if (nameNode !== undefined) {
        let symbol = checker.getSymbolAtLocation(nameNode);
        if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
        const declarations = symbol?.declarations ?? [];
        if (
          symbol !== undefined &&
          symbol !== target &&
          !(symbol.flags & ts.SymbolFlags.TypeParameter) &&
          !exportedTargets.has(symbol) &&
          !found.has(symbol) &&
          declarations.length > 0 &&
          declarations.every((declaration) => fromVirtual(declaration.getSourceFile().fileName) !== undefined && !ts.isSourceFile(declaration))
        ) {
          found.add(symbol);
          queue.push(...declarations);
        }
      }
      const annotated = (node as { type?: TS.Node }).type !== undefined;
      ts.forEachChild(node, (child) => {
        if (annotated && (node as { initializer?: TS.Node }).initializer === child) return;
        visit(child);
      });
    };
    while (queue.length > 0) visit(queue.shift()!);
    return [...found];
  }

  private describeOwn(exported: TS.Symbol, name: string): DeclarationText | undefined {
    const ts = this.ts;
    if ((exported.declarations ?? []).some((declaration) => this.isInternal(declaration))) return undefined;
    const target = exported.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(exported) : exported;
    const declarations = sortDeclarations(target.declarations ?? []);
    if (declarations.length === 0) return this.unresolved(exported, name);
    if (declarations.some((declaration) => this.isInternal(declaration))) return undefined;
    // `default`, keywords and string export names cannot stand where a declaration's name does:
    // compose and canonicalize with a stand-in, then put the exported name back.
    const plain = this.isPlainIdentifier(name);
    const written = plain ? name : NAME_STAND_IN;
    const parts: string[] = [];
    // A namespace's members are described while this symbol is: keep each one's findings apart.
    const outer = this.notGatedWrapped;
    this.notGatedWrapped = [];
    let found: Array<{ name: string; wrapped: string }>;
    try {
      for (const declaration of declarations) {
        const text = this.declarationText(declaration, target, written, declarations);
        if (text !== undefined) parts.push(text);
      }
    } finally {
      found = this.notGatedWrapped;
      this.notGatedWrapped = outer;
    }
    const notGated = found.map((one) => ({ ...one, name: one.name === NAME_STAND_IN ? name : one.name, file: fromVirtual(declarations[0]!.getSourceFile().fileName) }));
    const text = this.canonical(parts.join('\n'));
    const described = { kind: kindOf(ts, declarations), text: plain ? text : text.split(NAME_STAND_IN).join(name) };
    return notGated.length === 0 ? described : { ...described, notGated };
  }

  /** Whether a name scans as one identifier token (not a keyword, contextual ones included). */
  private isPlainIdentifier(name: string): boolean {
    const ts = this.ts;
    const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, name);
    if (scanner.scan() !== ts.SyntaxKind.Identifier) return false;
    // getTokenEnd arrived after 5.0; getTextPos is its older name.
    const end = (scanner as { getTokenEnd?: () => number }).getTokenEnd?.() ?? scanner.getTextPos();
    return end === name.length;
  }

  /** An export the compiler cannot follow (an external package it does not have): the re-export as written. */
  private unresolved(exported: TS.Symbol, name: string): DeclarationText {
    const ts = this.ts;
    const specifier = (exported.declarations ?? []).find(ts.isExportSpecifier);
    const from = specifier?.parent.parent.moduleSpecifier;
    const original = specifier?.propertyName?.getText() ?? specifier?.name.getText() ?? name;
    const module = from !== undefined && ts.isStringLiteral(from) ? from.text : '?';
    const file = specifier === undefined ? undefined : fromVirtual(specifier.getSourceFile().fileName);
    return { kind: 'unresolved', text: `export { ${original} as ${name} } from ${JSON.stringify(module)};`, reexport: { specifier: module, file } };
  }

  private declarationText(node: TS.Declaration, symbol: TS.Symbol, name: string, all: readonly TS.Declaration[]): string | undefined {
    const ts = this.ts;
    if (ts.isFunctionDeclaration(node)) {
      // The implementation signature of an overloaded function is not callable from outside.
      if (node.body !== undefined && all.some((other) => ts.isFunctionDeclaration(other) && other.body === undefined)) return undefined;
      return `function ${name}${this.signature(node)};`;
    }
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) return this.classText(node, name);
    if (ts.isInterfaceDeclaration(node)) {
      const members = node.members.filter((member) => !this.isInternal(member)).map((member) => this.print(member));
      return `interface ${name}${this.typeParameters(node)}${this.heritage(node.heritageClauses)} {\n${members.join('\n')}\n}`;
    }
    if (ts.isTypeAliasDeclaration(node)) return `type ${name}${this.typeParameters(node)} = ${this.print(node.type)};`;
    if (ts.isEnumDeclaration(node)) return this.enumText(node, name);
    if (ts.isVariableDeclaration(node) || ts.isBindingElement(node)) {
      // A destructured export takes its keyword from the declaration the pattern belongs to.
      const holder = ts.isVariableDeclaration(node) ? node : ts.walkUpBindingElementsAndPatterns(node);
      const list = ts.isVariableDeclaration(holder) && ts.isVariableDeclarationList(holder.parent) ? holder.parent : undefined;
      const keyword = list === undefined ? 'const' : list.flags & ts.NodeFlags.Const ? 'const' : list.flags & ts.NodeFlags.Let ? 'let' : 'var';
      const wrapped = ts.isVariableDeclaration(node) && node.type === undefined && node.initializer !== undefined ? this.wrapperText(node.initializer, name) : undefined;
      if (wrapped !== undefined) return `${keyword} ${name}: ${wrapped};`;
      const type = ts.isVariableDeclaration(node) && node.type !== undefined ? this.print(node.type) : this.typeText(this.checker.getTypeOfSymbolAtLocation(symbol, node), node);
      return `${keyword} ${name}: ${type};`;
    }
    if (ts.isModuleDeclaration(node) || ts.isSourceFile(node)) return this.namespaceText(symbol, name);
    if (ts.isExportAssignment(node)) return `const ${name}: ${this.wrapperText(this.unwrapped(node.expression), name) ?? this.typeText(this.checker.getTypeAtLocation(node.expression), node)};`;
    if (ts.isFunctionExpression(node) || ts.isArrowFunction(node)) return `function ${name}${this.signature(node)};`;
    // Anything else (an `import x = require()` alias, a JS-style assignment): its type.
    return `const ${name}: ${this.typeText(this.checker.getTypeOfSymbolAtLocation(symbol, node), node)};`;
  }

  /**
   * The stand-in type of a component wrapped in `memo()` / `forwardRef()` (`React.memo`, nested
   * `memo(forwardRef(...))`): each call with its type arguments as written, then the wrapped
   * function's call signature, joined as an intersection so the text still parses. The snapshot
   * never reads `react`, so the checker's type of such a component is `any` and would hide a
   * props or ref-type change; what is written here does not depend on react being resolvable.
   * Undefined when the initializer is no such call.
   */
  private wrapperText(initializer: TS.Expression, exportedName: string): string | undefined {
    const ts = this.ts;
    const calls: string[] = [];
    let current: TS.Expression = initializer;
    for (;;) {
      const call = this.wrapperCall(current);
      if (call === undefined) break;
      const typeArguments = call.typeArguments === undefined ? '' : `<${call.typeArguments.map((argument) => this.print(argument)).join(', ')}>`;
      calls.push(`${this.print(call.expression)}${typeArguments}`);
      // memo's second argument (the props comparison) is behaviour, not API.
      const argument = call.arguments[0];
      if (argument === undefined) return calls.join(' & ');
      current = this.unwrapped(argument);
    }
    if (calls.length === 0) return undefined;
    const inner = this.wrappedSignature(current);
    if (inner !== undefined) return [...calls, inner].join(' & ');
    this.notGatedWrapped.push({ name: exportedName, wrapped: current.getText() });
    return [...calls, `typeof ${ts.isIdentifier(current) || ts.isPropertyAccessExpression(current) ? current.getText() : 'unknown'}`].join(' & ');
  }

  /** A call of `memo` / `forwardRef` (bare, or as a member: `React.memo`), or undefined. */
  private wrapperCall(node: TS.Expression): TS.CallExpression | undefined {
    const ts = this.ts;
    if (!ts.isCallExpression(node)) return undefined;
    const callee = node.expression;
    const nameNode = ts.isIdentifier(callee) ? callee : ts.isPropertyAccessExpression(callee) ? callee.name : undefined;
    if (nameNode === undefined || !WRAPPERS.has(nameNode.text)) return undefined;
    // A `memo` the repository declares itself is typed by the checker like any other call.
    let symbol = this.checker.getSymbolAtLocation(nameNode);
    if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    const declarations = symbol?.declarations ?? [];
    if (declarations.length > 0 && declarations.every((declaration) => fromVirtual(declaration.getSourceFile().fileName) !== undefined)) return undefined;
    return node;
  }

  /** Parentheses, `as`, `satisfies` and `!` do not change what is wrapped. */
  private unwrapped(node: TS.Expression): TS.Expression {
    const ts = this.ts;
    let current = node;
    while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isNonNullExpression(current)) current = current.expression;
    return current;
  }

  /**
   * The type (as an intersection member) of what a wrapper wraps: the call signature of a function
   * written in place, or of a repository function named by identifier, the annotation of a
   * repository const, or the wrapper text of a const that is itself a wrapped component.
   * Undefined when the snapshot cannot know it (a package's export, say).
   */
  private wrappedSignature(node: TS.Expression, seen = new Set<TS.Node>()): string | undefined {
    const ts = this.ts;
    if (ts.isFunctionExpression(node) || ts.isArrowFunction(node)) return `{ ${this.signature(node)}; }`;
    if (!ts.isIdentifier(node) && !ts.isPropertyAccessExpression(node)) return undefined;
    let symbol = this.checker.getSymbolAtLocation(node);
    if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    const declarations = sortDeclarations(symbol?.declarations ?? []).filter((declaration) => fromVirtual(declaration.getSourceFile().fileName) !== undefined);
    const signatures: string[] = [];
    for (const declaration of declarations) {
      // `const A = memo(B); const B = memo(A)` does not compile, but must not loop here either.
      if (seen.has(declaration)) return undefined;
      seen.add(declaration);
      if (ts.isFunctionDeclaration(declaration)) {
        if (declaration.body !== undefined && declarations.some((other) => ts.isFunctionDeclaration(other) && other.body === undefined)) continue;
        signatures.push(`${this.signature(declaration)};`);
        continue;
      }
      if (!ts.isVariableDeclaration(declaration) || declarations.length !== 1) return undefined;
      if (declaration.type !== undefined) return `(${this.print(declaration.type)})`;
      if (declaration.initializer === undefined) return undefined;
      const initializer = this.unwrapped(declaration.initializer);
      if (this.wrapperCall(initializer) !== undefined) return this.wrapperText(initializer, ts.symbolName(symbol!));
      return this.wrappedSignature(initializer, seen);
    }
    return signatures.length === 0 ? undefined : `{ ${signatures.join(' ')} }`;
  }

  /** `<T>(a: number, b?: string): R` with defaults dropped (they are behaviour) and missing types inferred. */
  private signature(node: TS.SignatureDeclaration): string {
    const ts = this.ts;
    const parameters = node.parameters.map((parameter) => {
      // Accessibility and readonly on constructor parameters declare members; `private` ones do not.
      const written = ts.getModifiers(parameter) ?? [];
      const declaresMember = !written.some((modifier) => modifier.kind === ts.SyntaxKind.PrivateKeyword);
      const modifiers = written
        .filter((modifier) => declaresMember && [ts.SyntaxKind.PublicKeyword, ts.SyntaxKind.ProtectedKeyword, ts.SyntaxKind.ReadonlyKeyword].includes(modifier.kind))
        .map((modifier) => `${ts.tokenToString(modifier.kind)} `)
        .join('');
      const rest = parameter.dotDotDotToken !== undefined ? '...' : '';
      const optional = parameter.questionToken !== undefined || parameter.initializer !== undefined ? '?' : '';
      const type = parameter.type !== undefined ? this.print(parameter.type) : this.typeText(this.checker.getTypeAtLocation(parameter), parameter);
      return `${modifiers}${rest}${this.print(parameter.name)}${optional}: ${type}`;
    });
    let result = `${this.typeParameters(node)}(${parameters.join(', ')})`;
    if (ts.isConstructorDeclaration(node) || ts.isSetAccessorDeclaration(node)) return result;
    if (node.type !== undefined) result += `: ${this.print(node.type)}`;
    else {
      const signature = this.checker.getSignatureFromDeclaration(node);
      const predicate = signature === undefined ? undefined : this.checker.getTypePredicateOfSignature(signature);
      if (predicate !== undefined && predicate.type !== undefined) {
        const subject = predicate.kind === ts.TypePredicateKind.This || predicate.kind === ts.TypePredicateKind.AssertsThis ? 'this' : predicate.parameterName;
        const asserts = predicate.kind === ts.TypePredicateKind.AssertsIdentifier || predicate.kind === ts.TypePredicateKind.AssertsThis ? 'asserts ' : '';
        result += `: ${asserts}${subject} is ${this.typeText(predicate.type, node)}`;
      } else if (signature !== undefined) {
        result += `: ${this.typeText(this.checker.getReturnTypeOfSignature(signature), node)}`;
      }
    }
    return result;
  }

  private classText(node: TS.ClassLikeDeclaration, name: string): string {
    const ts = this.ts;
    const abstract = (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.AbstractKeyword) ? 'abstract ' : '';
    const members: string[] = [];
    for (const member of node.members) {
      if (this.isHidden(member)) continue;
      const text = this.memberText(member, node);
      if (text !== undefined) members.push(text);
    }
    return `${abstract}class ${name}${this.typeParameters(node)}${this.heritage(node.heritageClauses)} {\n${members.join('\n')}\n}`;
  }

  /** Private (`private`, `#name`) and `@internal` members are not part of the surface. */
  private isHidden(member: TS.ClassElement): boolean {
    const ts = this.ts;
    if (member.name !== undefined && ts.isPrivateIdentifier(member.name)) return true;
    if (this.modifiersOf(member).some((modifier) => modifier.kind === ts.SyntaxKind.PrivateKeyword)) return true;
    return this.isInternal(member);
  }

  private memberText(member: TS.ClassElement, owner: TS.ClassLikeDeclaration): string | undefined {
    const ts = this.ts;
    const modifiers = this.memberModifiers(member);
    if (ts.isConstructorDeclaration(member)) {
      if (member.body !== undefined && owner.members.some((other) => ts.isConstructorDeclaration(other) && other.body === undefined)) return undefined;
      return `${modifiers}constructor${this.signature(member)};`;
    }
    if (ts.isMethodDeclaration(member)) {
      if (member.body !== undefined && this.hasOverloads(member, owner)) return undefined;
      return `${modifiers}${this.print(member.name)}${member.questionToken !== undefined ? '?' : ''}${this.signature(member)};`;
    }
    if (ts.isPropertyDeclaration(member)) {
      const type = member.type !== undefined ? this.print(member.type) : this.typeText(this.checker.getTypeAtLocation(member), member);
      return `${modifiers}${this.print(member.name)}${member.questionToken !== undefined ? '?' : ''}: ${type};`;
    }
    if (ts.isGetAccessorDeclaration(member)) return `${modifiers}get ${this.print(member.name)}${this.signature(member)};`;
    if (ts.isSetAccessorDeclaration(member)) return `${modifiers}set ${this.print(member.name)}${this.signature(member)};`;
    if (ts.isIndexSignatureDeclaration(member)) return this.print(member);
    // Static blocks and stray semicolons are not API.
    return undefined;
  }

  private hasOverloads(member: TS.MethodDeclaration, owner: TS.ClassLikeDeclaration): boolean {
    const ts = this.ts;
    const key = this.print(member.name);
    const isStatic = (ts.getModifiers(member) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword);
    return owner.members.some(
      (other) =>
        ts.isMethodDeclaration(other) &&
        other.body === undefined &&
        this.print(other.name) === key &&
        (ts.getModifiers(other) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword) === isStatic,
    );
  }

  /** A class element's modifiers (index signatures and static blocks may have none). */
  private modifiersOf(member: TS.ClassElement): readonly TS.ModifierLike[] {
    return this.ts.canHaveModifiers(member) ? (this.ts.getModifiers(member) ?? []) : [];
  }

  /** The modifiers that change what a member means to its users; `public`, `override`, `async`, decorators do not. */
  private memberModifiers(member: TS.ClassElement): string {
    const ts = this.ts;
    const kept = [ts.SyntaxKind.StaticKeyword, ts.SyntaxKind.ProtectedKeyword, ts.SyntaxKind.AbstractKeyword, ts.SyntaxKind.ReadonlyKeyword, ts.SyntaxKind.AccessorKeyword];
    return this.modifiersOf(member)
      .filter((modifier) => kept.includes(modifier.kind))
      .map((modifier) => `${ts.tokenToString(modifier.kind)} `)
      .join('');
  }

  private enumText(node: TS.EnumDeclaration, name: string): string {
    const ts = this.ts;
    const isConst = (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ConstKeyword) ? 'const ' : '';
    const members = node.members
      .filter((member) => !this.isInternal(member))
      .map((member) => {
        // The value, not the expression that computes it: `1 << 2` and `4` are the same API.
        const value = this.checker.getConstantValue(member);
        const initializer = value !== undefined ? (typeof value === 'string' ? JSON.stringify(value) : String(value)) : member.initializer !== undefined ? this.print(member.initializer) : undefined;
        return `${this.print(member.name)}${initializer === undefined ? '' : ` = ${initializer}`},`;
      });
    return `${isConst}enum ${name} {\n${members.join('\n')}\n}`;
  }

  /** A namespace (or `export * as ns`): the texts of its exported members, by name. */
  private namespaceText(symbol: TS.Symbol, name: string): string {
    // `export * as self from './index.js'` contains itself: print the inner occurrence empty.
    if (this.openNamespaces.has(symbol)) return `namespace ${name} {}`;
    this.openNamespaces.add(symbol);
    try {
      return this.namespaceMembers(symbol, name);
    } finally {
      this.openNamespaces.delete(symbol);
    }
  }

  private namespaceMembers(symbol: TS.Symbol, name: string): string {
    const members: string[] = [];
    const exports = [...this.checker.getExportsOfModule(symbol)].sort((a, b) => compareText(this.ts.symbolName(a), this.ts.symbolName(b)));
    for (const member of exports) {
      const described = this.describeOwn(member, this.ts.symbolName(member));
      if (described === undefined) continue;
      members.push(described.text);
      // A member's gap is the namespace's: `${name}.${member}` says where it is.
      for (const gap of described.notGated ?? []) this.notGatedWrapped.push({ name: `${name}.${gap.name}`, wrapped: gap.wrapped });
    }
    return `namespace ${name} {\n${members.join('\n')}\n}`;
  }

  private typeParameters(node: TS.Node & { readonly typeParameters?: TS.NodeArray<TS.TypeParameterDeclaration> | undefined }): string {
    return node.typeParameters === undefined ? '' : `<${node.typeParameters.map((parameter) => this.print(parameter)).join(', ')}>`;
  }

  private heritage(clauses: TS.NodeArray<TS.HeritageClause> | undefined): string {
    return clauses === undefined ? '' : clauses.map((clause) => ` ${this.print(clause)}`).join('');
  }

  private typeText(type: TS.Type, enclosing: TS.Node): string {
    const flags = this.ts.TypeFormatFlags;
    return this.checker.typeToString(type, enclosing, flags.NoTruncation | flags.UseStructuralFallback | flags.AllowUniqueESSymbolType | flags.WriteClassExpressionAsTypeLiteral);
  }

  private print(node: TS.Node): string {
    return this.printer.printNode(this.ts.EmitHint.Unspecified, node, node.getSourceFile());
  }

  /** Re-parses a composed text and prints it in one canonical form. */
  private canonical(text: string): string {
    const ts = this.ts;
    const file = ts.createSourceFile('api.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const printer = this.printer;
    const canonicalize: TS.TransformerFactory<TS.SourceFile> = (context) => {
      const visit = (node: TS.Node): TS.Node => {
        const visited = ts.visitEachChild(node, visit, context);
        if (ts.isStringLiteral(visited)) return ts.factory.createStringLiteral(visited.text);
        if (ts.isNumericLiteral(visited)) return ts.factory.createNumericLiteral(visited.text);
        if (ts.isUnionTypeNode(visited)) {
          const members = [...visited.types].map((member) => ({ member, key: printer.printNode(ts.EmitHint.Unspecified, member, file) }));
          members.sort((a, b) => compareText(a.key, b.key));
          return ts.factory.updateUnionTypeNode(visited, ts.factory.createNodeArray(members.map(({ member }) => member)));
        }
        return visited;
      };
      return (sourceFile) => ts.visitEachChild(sourceFile, visit, context);
    };
    const result = ts.transform(file, [canonicalize]);
    try {
      return printer.printFile(result.transformed[0]!).trimEnd();
    } finally {
      result.dispose();
    }
  }
}

/** Source order within a file, files by name: merged declarations print the same every run. */
function sortDeclarations(declarations: readonly TS.Declaration[]): TS.Declaration[] {
  return [...declarations].sort((a, b) => compareText(a.getSourceFile().fileName, b.getSourceFile().fileName) || a.pos - b.pos);
}

/** The report kind of a symbol: of its most telling declaration when several merge. */
function kindOf(ts: TypescriptModule, declarations: readonly TS.Declaration[]): string {
  const ranked: Array<[(node: TS.Node) => boolean, string]> = [
    [ts.isClassDeclaration, 'class'],
    [ts.isClassExpression, 'class'],
    [ts.isFunctionDeclaration, 'function'],
    [ts.isEnumDeclaration, 'enum'],
    [ts.isInterfaceDeclaration, 'interface'],
    [ts.isTypeAliasDeclaration, 'type'],
    [ts.isVariableDeclaration, 'variable'],
    [ts.isBindingElement, 'variable'],
    [ts.isModuleDeclaration, 'namespace'],
    [ts.isSourceFile, 'namespace'],
  ];
  for (const [test, kind] of ranked) if (declarations.some(test)) return kind;
  return 'variable';
}
