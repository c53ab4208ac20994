import type { SyntaxCursor } from '@driftgate/syntax';
import type { Family } from '@driftgate/syntax';
import { JAVA_NAMED_ITEMS } from '../items/java-items.js';
import { RUST_NAMED_ITEMS } from '../items/rust-items.js';

/**
 * Recipe 3's binding rules: which positions declare a name, and in which scope.
 *
 * v2 (bound-names.ts) collects one scope-insensitive set of names by text, harvesting whole
 * left-hand sides and parameter subtrees — so `H[tuple(k)] = v` "binds" `tuple`, and a name
 * bound in one inner function turns a read of the same global name anywhere in the span into a
 * placeholder. Recipe 3 binds only real binders (names and name patterns in binding position,
 * parameters, type parameters themselves), each into one scope, and a read is a placeholder only
 * when an enclosing scope declares its name.
 *
 * The scope rule, per family (deterministic, order-insensitive: a declaration anywhere in a scope
 * counts for every read in that scope and its inner scopes):
 * - Python: function, lambda and class bodies and comprehensions are scopes; blocks are not.
 *   Assignments, loop targets, `with … as`, `except … as`, walrus and import aliases bind in the
 *   nearest function (or the span itself); comprehension targets in the comprehension. Names
 *   declared in a class body are members, not locals: they stay free (as `self.x` does). A name
 *   listed in `global` is free in that function (it is the module's), one listed in `nonlocal`
 *   resolves to the enclosing function that binds it.
 * - TypeScript/JavaScript: functions, methods, classes, interfaces, type aliases, blocks, `for`
 *   statements and `catch` clauses are scopes; every declaration binds in the nearest one
 *   (`var` is treated like `let`).
 * - Rust: functions, closures, blocks, `for`, `if`/`while` (for `let` conditions), match arms and
 *   items with type parameters are scopes; every binding goes to the nearest one. In a match arm's
 *   pattern only names that start lower-case or with `_` bind: `None`, `MAX` and `Ordering` there
 *   are constants and variants being compared against, which the parser cannot tell from bindings.
 * - Go: functions, function literals, blocks, `for`/`if`/`switch`/`select` statements and their
 *   cases are scopes; `:=`, `var`, `const`, parameters, results and type parameters bind in the
 *   nearest one.
 * - Java: types, methods, constructors, lambdas, blocks, `for` statements, `catch` clauses,
 *   try-with-resources and switch cases are scopes; parameters, local variables, resources, catch
 *   and loop variables, pattern variables (`instanceof String s`, `case Point(int x, int y)`) and
 *   type parameters bind in the nearest one. Fields, record components, enum constants and
 *   methods are members: they stay verbatim (reached as `this.x` or by a bare name), as a
 *   TypeScript class's fields do; a member's own name binds only when it is the span's root.
 * A definition's own name binds in the scope around it (so the span's own name is bound, and a
 * recursive call is a placeholder). Positions not recognised as binders stay free (fail closed).
 */

/** What a scope is, for the Python class-body rule. */
export type ScopeKind = 'function' | 'block' | 'class';

/** Where a binder action declares names; scope ids are opaque numbers. */
export interface BindContext {
  /** The innermost scope at the node (the node's own scope when it opens one). */
  readonly current: number;
  /** The scope around the node (differs from `current` only for a node that opens a scope). */
  readonly enclosing: number;
  /** The nearest function-like scope (Python: function, lambda, class or the span itself). */
  readonly fn: number;
  /** Whether the node is one of the span's roots (its own name is bound even in member form). */
  readonly isRoot: boolean;
  /** Declares `name` in `scope`. */
  declare(scope: number, name: string): void;
  /**
   * Marks `name` as never declared in `scope` (Python `global` / `nonlocal`): its assignments
   * there rebind a name of an outer scope, so reads resolve outward.
   */
  external(scope: number, name: string): void;
}

/** Runs at a node with the cursor on it; must leave the cursor on that node. */
export type ScopedBindAction = (cursor: SyntaxCursor, text: string, ctx: BindContext) => void;

/** A family's recipe-3 rules. */
export interface ScopeRules {
  /** Node kinds that open a scope. */
  readonly scopes: ReadonlyMap<string, ScopeKind>;
  /** Binder actions by node kind. */
  readonly binders: ReadonlyMap<string, ScopedBindAction>;
}

type Into = (ctx: BindContext) => number;
const intoCurrent: Into = (ctx) => ctx.current;
const intoEnclosing: Into = (ctx) => ctx.enclosing;
const intoFunction: Into = (ctx) => ctx.fn;

/** Visits the children of the cursor's node attached to `field`; returns the cursor to the node. */
function eachField(c: SyntaxCursor, field: string, visit: () => void): void {
  if (!c.gotoFirstChild()) return;
  do {
    if (c.currentFieldName === field) visit();
  } while (c.gotoNextSibling());
  c.gotoParent();
}

/** Visits every named child of the cursor's node; returns the cursor to the node. */
function eachNamed(c: SyntaxCursor, visit: () => void): void {
  if (!c.gotoFirstChild()) return;
  do {
    if (c.nodeIsNamed && !c.nodeType.includes('comment')) visit();
  } while (c.gotoNextSibling());
  c.gotoParent();
}

const nodeText = (c: SyntaxCursor, text: string): string => text.slice(c.startIndex, c.endIndex);

/** Declares the text of each child under `field` when it is one of `kinds`. */
function nameField(field: string, kinds: ReadonlySet<string>, into: Into): ScopedBindAction {
  return (c, text, ctx) =>
    eachField(c, field, () => {
      if (kinds.has(c.nodeType)) ctx.declare(into(ctx), nodeText(c, text));
    });
}

/** Like {@link nameField}, but only for a span root (member names bind nowhere else). */
function rootNameField(field: string, kinds: ReadonlySet<string>): ScopedBindAction {
  const bind = nameField(field, kinds, intoEnclosing);
  return (c, text, ctx) => {
    if (ctx.isRoot) bind(c, text, ctx);
  };
}

/**
 * A pattern walker: `leaf` kinds declare their text; `through` kinds recurse into named children
 * (or only into the listed fields); every other kind binds nothing (subscripts, members, calls,
 * defaults, types).
 */
function patternWalker(
  leaf: ReadonlySet<string>,
  through: ReadonlyMap<string, readonly string[] | 'all'>,
): (c: SyntaxCursor, text: string, declare: (name: string) => void) => void {
  const walk = (c: SyntaxCursor, text: string, declare: (name: string) => void): void => {
    const kind = c.nodeType;
    if (leaf.has(kind)) {
      declare(nodeText(c, text));
      return;
    }
    const fields = through.get(kind);
    if (fields === undefined) return;
    if (fields === 'all') eachNamed(c, () => walk(c, text, declare));
    else for (const field of fields) eachField(c, field, () => walk(c, text, declare));
  };
  return walk;
}

function patternField(
  walk: ReturnType<typeof patternWalker>,
  field: string,
  into: Into,
): ScopedBindAction {
  return (c, text, ctx) => eachField(c, field, () => walk(c, text, (name) => ctx.declare(into(ctx), name)));
}

// ---------------------------------------------------------------------------------------------
// Python

const PY_IDENT = new Set(['identifier']);
const pyTarget = patternWalker(
  PY_IDENT,
  new Map<string, 'all'>([
    ['pattern_list', 'all'],
    ['tuple_pattern', 'all'],
    ['list_pattern', 'all'],
    ['tuple', 'all'],
    ['list', 'all'],
    ['list_splat_pattern', 'all'],
    ['parenthesized_expression', 'all'],
    ['as_pattern_target', 'all'],
  ]),
);

/** `def f(a, b: T = d, *c, **k)`: names only; annotations and defaults are free expressions. */
const pyParameters: ScopedBindAction = (c, text, ctx) =>
  eachNamed(c, () => {
    const kind = c.nodeType;
    const declare = (name: string): void => ctx.declare(ctx.current, name);
    if (kind === 'identifier') declare(nodeText(c, text));
    else if (kind === 'default_parameter' || kind === 'typed_default_parameter') {
      eachField(c, 'name', () => {
        if (c.nodeType === 'identifier') declare(nodeText(c, text));
      });
    } else if (kind === 'typed_parameter' || kind === 'list_splat_pattern' || kind === 'dictionary_splat_pattern') {
      // The parameter is the first named child (an identifier or a splat of one); `type:` is not.
      eachNamed(c, () => {
        if (c.currentFieldName === 'type') return;
        if (c.nodeType === 'identifier') declare(nodeText(c, text));
        else if (c.nodeType === 'list_splat_pattern' || c.nodeType === 'dictionary_splat_pattern') {
          eachNamed(c, () => {
            if (c.nodeType === 'identifier') declare(nodeText(c, text));
          });
        }
      });
    } else if (kind === 'tuple_pattern') pyTarget(c, text, declare);
  });

/** PEP 695 `[T, U: Bound]`: the names bind in the function or class; bounds are free. */
const pyTypeParameters: ScopedBindAction = (c, text, ctx) =>
  eachNamed(c, () => {
    if (c.nodeType !== 'type') return;
    eachNamed(c, () => {
      if (c.nodeType === 'identifier') ctx.declare(ctx.current, nodeText(c, text));
      else if (c.nodeType === 'constrained_type') {
        // The first `type` child is the parameter's name.
        let first = true;
        eachNamed(c, () => {
          if (!first) return;
          first = false;
          eachNamed(c, () => {
            if (c.nodeType === 'identifier') ctx.declare(ctx.current, nodeText(c, text));
          });
        });
      }
    });
  });

/** `global a, b` / `nonlocal a`: the names are not locals of the function they appear in. */
const pyExternal: ScopedBindAction = (c, text, ctx) =>
  eachNamed(c, () => {
    if (c.nodeType === 'identifier') ctx.external(ctx.fn, nodeText(c, text));
  });

const PYTHON: ScopeRules = {
  scopes: new Map<string, ScopeKind>([
    ['function_definition', 'function'],
    ['lambda', 'function'],
    ['class_definition', 'class'],
    ['list_comprehension', 'block'],
    ['set_comprehension', 'block'],
    ['dictionary_comprehension', 'block'],
    ['generator_expression', 'block'],
  ]),
  binders: new Map<string, ScopedBindAction>([
    ['function_definition', nameField('name', PY_IDENT, intoEnclosing)],
    ['class_definition', nameField('name', PY_IDENT, intoEnclosing)],
    ['parameters', pyParameters],
    ['lambda_parameters', pyParameters],
    ['assignment', patternField(pyTarget, 'left', intoFunction)],
    ['augmented_assignment', patternField(pyTarget, 'left', intoFunction)],
    ['for_statement', patternField(pyTarget, 'left', intoFunction)],
    ['for_in_clause', patternField(pyTarget, 'left', intoCurrent)],
    ['named_expression', nameField('name', PY_IDENT, intoFunction)],
    ['as_pattern', patternField(pyTarget, 'alias', intoFunction)],
    ['aliased_import', nameField('alias', PY_IDENT, intoFunction)],
    ['type_parameter', pyTypeParameters],
    ['global_statement', pyExternal],
    ['nonlocal_statement', pyExternal],
  ]),
};

// ---------------------------------------------------------------------------------------------
// TypeScript / TSX / JavaScript

const TS_NAME = new Set(['identifier', 'type_identifier']);
const TS_MEMBER_NAME = new Set(['property_identifier', 'private_property_identifier', 'identifier']);
const tsPattern = patternWalker(
  new Set(['identifier', 'shorthand_property_identifier_pattern']),
  new Map<string, readonly string[] | 'all'>([
    ['object_pattern', 'all'],
    ['array_pattern', 'all'],
    ['rest_pattern', 'all'],
    ['pair_pattern', ['value']],
    ['object_assignment_pattern', ['left']],
    ['assignment_pattern', ['left']],
  ]),
);

/** `<T extends C = D>`: only `T` binds; the constraint and the default are free types. */
const tsTypeParameters: ScopedBindAction = (c, text, ctx) =>
  eachNamed(c, () => {
    if (c.nodeType === 'type_parameter') {
      eachField(c, 'name', () => ctx.declare(ctx.current, nodeText(c, text)));
    }
  });

const TYPESCRIPT: ScopeRules = {
  scopes: new Map<string, ScopeKind>(
    [
      'function_declaration',
      'generator_function_declaration',
      'function_expression',
      'function',
      'generator_function',
      'arrow_function',
      'method_definition',
      'method_signature',
      'abstract_method_signature',
      'function_signature',
      'class_declaration',
      'abstract_class_declaration',
      'class',
      'interface_declaration',
      'type_alias_declaration',
      'statement_block',
      'for_statement',
      'for_in_statement',
      'catch_clause',
    ].map((k) => [k, 'block'] as const),
  ),
  binders: new Map<string, ScopedBindAction>([
    ['function_declaration', nameField('name', TS_NAME, intoEnclosing)],
    ['generator_function_declaration', nameField('name', TS_NAME, intoEnclosing)],
    ['function_signature', nameField('name', TS_NAME, intoEnclosing)],
    ['class_declaration', nameField('name', TS_NAME, intoEnclosing)],
    ['abstract_class_declaration', nameField('name', TS_NAME, intoEnclosing)],
    ['interface_declaration', nameField('name', TS_NAME, intoEnclosing)],
    ['type_alias_declaration', nameField('name', TS_NAME, intoEnclosing)],
    ['enum_declaration', nameField('name', TS_NAME, intoEnclosing)],
    // A named function expression's name is visible only inside it.
    ['function_expression', nameField('name', TS_NAME, intoCurrent)],
    ['method_definition', rootNameField('name', TS_MEMBER_NAME)],
    ['method_signature', rootNameField('name', TS_MEMBER_NAME)],
    ['abstract_method_signature', rootNameField('name', TS_MEMBER_NAME)],
    ['required_parameter', patternField(tsPattern, 'pattern', intoCurrent)],
    ['optional_parameter', patternField(tsPattern, 'pattern', intoCurrent)],
    ['variable_declarator', patternField(tsPattern, 'name', intoCurrent)],
    ['arrow_function', patternField(tsPattern, 'parameter', intoCurrent)],
    ['for_in_statement', patternField(tsPattern, 'left', intoCurrent)],
    ['catch_clause', patternField(tsPattern, 'parameter', intoCurrent)],
    ['type_parameters', tsTypeParameters],
  ]),
};

// ---------------------------------------------------------------------------------------------
// Rust

const RUST_NAME = new Set(['identifier', 'type_identifier']);
/**
 * Rust binding patterns: identifiers bind; `Some(x)` and `Point { x, y: py }` bind only their
 * inner patterns (the path is a type); `{ x }` shorthand binds `x`.
 */
const rustPattern = (binds: (name: string) => boolean): ReturnType<typeof patternWalker> => {
  const walk: ReturnType<typeof patternWalker> = (c, text, declare) => {
    if (c.nodeType === 'field_pattern') {
      eachNamed(c, () => {
        if (c.nodeType === 'shorthand_field_identifier') declare(nodeText(c, text));
        else if (c.currentFieldName === 'pattern') walk(c, text, declare);
      });
      return;
    }
    if (c.nodeType === 'tuple_struct_pattern' || c.nodeType === 'struct_pattern') {
      // The `type:` child is the variant or struct path.
      eachNamed(c, () => {
        if (c.currentFieldName !== 'type') walk(c, text, declare);
      });
      return;
    }
    const kind = c.nodeType;
    if (kind === 'identifier') {
      const name = nodeText(c, text);
      if (binds(name)) declare(name);
      return;
    }
    if (RUST_PATTERN_GROUPS.has(kind)) eachNamed(c, () => walk(c, text, declare));
  };
  return walk;
};
const RUST_PATTERN_GROUPS: ReadonlySet<string> = new Set([
  'tuple_pattern',
  'slice_pattern',
  'or_pattern',
  'ref_pattern',
  'mut_pattern',
  'reference_pattern',
  'captured_pattern',
]);
const rustPatternWithShorthand = rustPattern(() => true);
/** A match arm's `None` or `MAX` is a constant compared against, not a binding. */
const rustArmPattern = rustPattern((name) => /^[a-z_]/.test(name));

/** `Some(v) | Ok(v) if v > 0 =>`: the pattern binds in the arm; the guard is a free expression. */
const rustMatchArm: ScopedBindAction = (c, text, ctx) =>
  eachField(c, 'pattern', () =>
    eachNamed(c, () => {
      if (c.currentFieldName !== 'condition') rustArmPattern(c, text, (name) => ctx.declare(ctx.current, name));
    }),
  );

const rustPatternField = (field: string): ScopedBindAction => (c, text, ctx) =>
  eachField(c, field, () => rustPatternWithShorthand(c, text, (name) => ctx.declare(ctx.current, name)));

/** `|a, (b, c): T|`: closure parameters are patterns or typed `parameter` nodes. */
const rustClosureParameters: ScopedBindAction = (c, text, ctx) =>
  eachNamed(c, () => {
    const declare = (name: string): void => ctx.declare(ctx.current, name);
    if (c.nodeType === 'parameter') eachField(c, 'pattern', () => rustPatternWithShorthand(c, text, declare));
    else rustPatternWithShorthand(c, text, declare);
  });

/** `<T: Bound = D, const N: usize, 'a>`: only the parameter names bind; bounds and defaults are free. */
const rustTypeParameters: ScopedBindAction = (c, text, ctx) =>
  eachNamed(c, () => {
    const kind = c.nodeType;
    if (kind === 'type_parameter' || kind === 'const_parameter') {
      eachField(c, 'name', () => ctx.declare(ctx.current, nodeText(c, text)));
    } else if (kind === 'lifetime_parameter') {
      // The lifetime's name is an `identifier` inside its `lifetime` node.
      eachField(c, 'name', () => eachNamed(c, () => ctx.declare(ctx.current, nodeText(c, text))));
    } else if (kind === 'constrained_type_parameter' || kind === 'optional_type_parameter') {
      // Older grammar shapes: the name is the `left` / `name` field.
      eachNamed(c, () => {
        if (c.currentFieldName === 'left' || c.currentFieldName === 'name') {
          if (c.nodeType === 'type_identifier') ctx.declare(ctx.current, nodeText(c, text));
        }
      });
    } else if (kind === 'type_identifier') {
      ctx.declare(ctx.current, nodeText(c, text));
    }
  });

/** Items whose own name binds in the scope around them; associated types are not among them. */
const RUST_ITEMS_WITH_NAMES = [
  ...RUST_NAMED_ITEMS.functions,
  ...RUST_NAMED_ITEMS.signatures,
  ...RUST_NAMED_ITEMS.types,
  ...RUST_NAMED_ITEMS.values,
  ...RUST_NAMED_ITEMS.modules,
  ...RUST_NAMED_ITEMS.macros,
];

const RUST: ScopeRules = {
  scopes: new Map<string, ScopeKind>(
    [
      'function_item',
      'function_signature_item',
      'closure_expression',
      'block',
      'for_expression',
      'if_expression',
      'while_expression',
      'match_arm',
      'impl_item',
      'trait_item',
      'struct_item',
      'enum_item',
      'union_item',
      'type_item',
    ].map((k) => [k, 'block'] as const),
  ),
  binders: new Map<string, ScopedBindAction>([
    ...RUST_ITEMS_WITH_NAMES.map((k) => [k, nameField('name', RUST_NAME, intoEnclosing)] as const),
    ['parameter', rustPatternField('pattern')],
    ['let_declaration', rustPatternField('pattern')],
    ['for_expression', rustPatternField('pattern')],
    ['let_condition', rustPatternField('pattern')],
    ['closure_parameters', rustClosureParameters],
    ['match_arm', rustMatchArm],
    ['type_parameters', rustTypeParameters],
  ]),
};

// ---------------------------------------------------------------------------------------------
// Go

const GO_NAME = new Set(['identifier', 'type_identifier', 'field_identifier']);
const GO_IDENT = new Set(['identifier']);

/** `a, b := …` binds identifiers only; `s.f` or `t[i]` on the left are not declarations. */
const goIdentifierList = (field: string): ScopedBindAction => (c, text, ctx) =>
  eachField(c, field, () => {
    if (c.nodeType === 'identifier') ctx.declare(ctx.current, nodeText(c, text));
    else if (c.nodeType === 'expression_list') {
      eachNamed(c, () => {
        if (c.nodeType === 'identifier') ctx.declare(ctx.current, nodeText(c, text));
      });
    }
  });

/** `for k, v := range m` declares; `for k, v = range m` assigns existing names. */
const goRangeClause: ScopedBindAction = (c, text, ctx) => {
  let declares = false;
  if (c.gotoFirstChild()) {
    do {
      if (c.nodeType === ':=') declares = true;
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  if (declares) goIdentifierList('left')(c, text, ctx);
};

const GO: ScopeRules = {
  scopes: new Map<string, ScopeKind>(
    [
      'function_declaration',
      'method_declaration',
      'func_literal',
      'block',
      'for_statement',
      'if_statement',
      'expression_switch_statement',
      'type_switch_statement',
      'select_statement',
      'expression_case',
      'type_case',
      'default_case',
      'communication_case',
    ].map((k) => [k, 'block'] as const),
  ),
  binders: new Map<string, ScopedBindAction>([
    ['function_declaration', nameField('name', GO_IDENT, intoEnclosing)],
    ['method_declaration', rootNameField('name', GO_NAME)],
    ['type_spec', nameField('name', GO_NAME, intoCurrent)],
    ['type_alias', nameField('name', GO_NAME, intoCurrent)],
    ['parameter_declaration', nameField('name', GO_IDENT, intoCurrent)],
    ['variadic_parameter_declaration', nameField('name', GO_IDENT, intoCurrent)],
    ['type_parameter_declaration', nameField('name', GO_IDENT, intoCurrent)],
    ['var_spec', nameField('name', GO_IDENT, intoCurrent)],
    ['const_spec', nameField('name', GO_IDENT, intoCurrent)],
    ['short_var_declaration', goIdentifierList('left')],
    ['range_clause', goRangeClause],
    ['type_switch_statement', goIdentifierList('alias')],
  ]),
};

// ---------------------------------------------------------------------------------------------
// Java

const JAVA_IDENT = new Set(['identifier']);
const JAVA_TYPE_NAME = new Set(['identifier', 'type_identifier']);

/** `int a = 1, b[]`: each declarator's name (locals only: a field's declarators are members). */
const javaDeclarators: ScopedBindAction = (c, text, ctx) =>
  eachField(c, 'declarator', () =>
    eachField(c, 'name', () => {
      if (c.nodeType === 'identifier') ctx.declare(ctx.current, nodeText(c, text));
    }),
  );

/** `String... rest`: the name is in the parameter's own declarator. */
const javaSpreadParameter: ScopedBindAction = (c, text, ctx) =>
  eachNamed(c, () => {
    if (c.nodeType === 'variable_declarator') {
      eachField(c, 'name', () => ctx.declare(ctx.current, nodeText(c, text)));
    }
  });

/**
 * `(int a, T b)` of a method, constructor or lambda binds; a record's header declares its
 * components, which are fields (members), so nothing binds there.
 */
const javaFormalParameter: ScopedBindAction = (c, text, ctx) => {
  const parameters = c.currentNode.parent;
  if (parameters?.parent?.type === 'record_declaration') return;
  nameField('name', JAVA_IDENT, intoCurrent)(c, text, ctx);
};

/** The last identifier child: `String s` in a type pattern, `int x` in a record pattern component. */
const javaPatternName: ScopedBindAction = (c, text, ctx) => {
  let name: string | undefined;
  eachNamed(c, () => {
    if (c.nodeType === 'identifier') name = nodeText(c, text);
  });
  if (name !== undefined && (c.nodeType === 'type_pattern' || c.nodeType === 'record_pattern_component')) {
    ctx.declare(ctx.current, name);
  }
};

/** `x -> …` binds `x`; `(x, y) -> …` binds both; typed lambda parameters are `formal_parameter`s. */
const javaLambda: ScopedBindAction = (c, text, ctx) =>
  eachField(c, 'parameters', () => {
    if (c.nodeType === 'identifier') ctx.declare(ctx.current, nodeText(c, text));
    else if (c.nodeType === 'inferred_parameters') {
      eachNamed(c, () => {
        if (c.nodeType === 'identifier') ctx.declare(ctx.current, nodeText(c, text));
      });
    }
  });

/** `<T extends Bound>`: the parameter's own name (a direct `type_identifier` child) binds; bounds are free. */
const javaTypeParameters: ScopedBindAction = (c, text, ctx) =>
  eachNamed(c, () => {
    if (c.nodeType !== 'type_parameter') return;
    eachNamed(c, () => {
      if (c.nodeType === 'type_identifier' || c.nodeType === 'identifier') ctx.declare(ctx.current, nodeText(c, text));
    });
  });

const JAVA: ScopeRules = {
  scopes: new Map<string, ScopeKind>(
    [
      ...JAVA_NAMED_ITEMS.types,
      ...JAVA_NAMED_ITEMS.methods,
      ...JAVA_NAMED_ITEMS.constructors,
      'lambda_expression',
      'block',
      'constructor_body',
      'for_statement',
      'enhanced_for_statement',
      'catch_clause',
      'try_with_resources_statement',
      'switch_rule',
      'switch_block_statement_group',
    ].map((k) => [k, 'block'] as const),
  ),
  binders: new Map<string, ScopedBindAction>([
    // A type's name binds around it (a nested type used by its neighbours in the span is local).
    ...JAVA_NAMED_ITEMS.types.map((k) => [k, nameField('name', JAVA_TYPE_NAME, intoEnclosing)] as const),
    ...JAVA_NAMED_ITEMS.methods.map((k) => [k, rootNameField('name', JAVA_IDENT)] as const),
    ...JAVA_NAMED_ITEMS.constructors.map((k) => [k, rootNameField('name', JAVA_IDENT)] as const),
    ...JAVA_NAMED_ITEMS.constants.map((k) => [k, rootNameField('name', JAVA_IDENT)] as const),
    ['formal_parameter', javaFormalParameter],
    ['spread_parameter', javaSpreadParameter],
    ['catch_formal_parameter', nameField('name', JAVA_IDENT, intoCurrent)],
    ['local_variable_declaration', javaDeclarators],
    ['resource', nameField('name', JAVA_IDENT, intoCurrent)],
    ['enhanced_for_statement', nameField('name', JAVA_IDENT, intoCurrent)],
    ['instanceof_expression', nameField('name', JAVA_IDENT, intoCurrent)],
    ['type_pattern', javaPatternName],
    ['record_pattern_component', javaPatternName],
    ['lambda_expression', javaLambda],
    ['type_parameters', javaTypeParameters],
  ]),
};

const RULES: Readonly<Record<Family, ScopeRules>> = { python: PYTHON, typescript: TYPESCRIPT, rust: RUST, go: GO, java: JAVA };

/** The recipe-3 scope and binder rules of a family. */
export function scopeRules(family: Family): ScopeRules {
  return RULES[family];
}
