// @ts-check
// local/server-only-in-render (decision 007): server-only code must not run
// in the browser. Remix's classic compiler replaces a `*.server` module (and,
// here, anything under a `-server/` folder) by an empty stand-in in the
// browser bundle and drops a route module's server exports (loader, action,
// headers). A value imported from a server module is therefore `undefined`
// in the browser: calling it while rendering, or at the top of the module,
// crashes the page with JavaScript on (/quotes called defineTable at module
// level, /userWatches looked a mode up in lanes.server while rendering), and
// the server render hides it.
//
// - A route module (app/routes/**, app/root.tsx) may use a server import
//   only inside its server exports, or inside top-level functions that only
//   they use (transitively).
// - A shared component (app/components/**) may not import a server module
//   at all, except for types.
// Type-only uses are always fine: the compiler erases them.

/** @typedef {import("eslint").Rule.RuleModule} RuleModule */
/** @typedef {import("estree").Node} Node */

const SERVER_SOURCE = /(\.server(\.[cm]?[jt]sx?)?$)|(^|\/)-server\//;
const SERVER_EXPORTS = new Set(["loader", "action", "headers"]);

/** @param {string} filename */
function kindOf(filename) {
  const path = filename.replace(/\\/g, "/");
  if (/(\.server\.[cm]?[jt]sx?$)|\/-server\//.test(path)) return "server";
  if (/\/app\/routes\//.test(path) || /\/app\/root\.tsx$/.test(path)) return "route";
  if (/\/app\/components\//.test(path)) return "component";
  return null;
}

/** @param {any} node */
const isTypeOnly = (node) => node.importKind === "type";

/** The statement of the program that holds `node`. */
function topLevel(/** @type {any} */ node) {
  let current = node;
  while (current.parent && current.parent.type !== "Program") current = current.parent;
  return current;
}

/** Type positions (`ReturnType<typeof gateView>`): erased by the compiler. */
const TYPE_NODES = new Set([
  "TSTypeAnnotation",
  "TSTypeQuery",
  "TSTypeReference",
  "TSTypeAliasDeclaration",
  "TSInterfaceDeclaration",
  "TSTypeParameterInstantiation",
]);

/** @param {any} reference */
function isTypeUse(reference) {
  if (reference.isValueReference === false) return true;
  for (let node = reference.identifier.parent; node; node = node.parent) if (TYPE_NODES.has(node.type)) return true;
  return false;
}

const isFunction = (/** @type {any} */ node) => node && (node.type === "ArrowFunctionExpression" || node.type === "FunctionExpression");

/** @type {RuleModule} */
export const serverOnlyInRender = {
  meta: {
    type: "problem",
    docs: { description: "Server-only modules are used only by server code (loader, action, headers, other .server modules)" },
    schema: [],
    messages: {
      render:
        "'{{name}}' comes from the server-only module '{{source}}', which the browser bundle replaces by an empty stand-in: use it only inside loader, action or headers (or a function only they call), and pass its result through the loader data.",
      component:
        "Components run in the browser: '{{source}}' is a server-only module (an empty stand-in there). Import only its types, or let the route's loader compute the value.",
    },
  },
  create(context) {
    const kind = kindOf(context.filename);
    if (kind !== "route" && kind !== "component") return {};
    const sourceCode = context.sourceCode;

    /** Memo: is this top-level statement run only on the server? */
    const serverOnly = new Map();

    /** @param {any} statement */
    function isServerStatement(statement) {
      if (serverOnly.has(statement)) return serverOnly.get(statement);
      // Assume yes while deciding (a helper that calls itself).
      serverOnly.set(statement, true);
      const result = decide(statement);
      serverOnly.set(statement, result);
      return result;
    }

    /** @param {any} statement */
    function decide(statement) {
      if (statement.type === "ExportNamedDeclaration" && statement.declaration) {
        const declaration = statement.declaration;
        if (declaration.type === "FunctionDeclaration") return SERVER_EXPORTS.has(declaration.id?.name);
        if (declaration.type === "VariableDeclaration")
          return declaration.declarations.every((/** @type {any} */ d) => d.id.type === "Identifier" && SERVER_EXPORTS.has(d.id.name));
        return false;
      }
      // A top-level function (declaration, or a const holding one) runs when it
      // is called: server-only when every use is in server-only code.
      let declared;
      if (statement.type === "FunctionDeclaration") declared = statement;
      else if (statement.type === "VariableDeclaration" && statement.declarations.every((/** @type {any} */ d) => isFunction(d.init)))
        declared = statement;
      else return false;
      for (const variable of sourceCode.getDeclaredVariables(declared)) {
        for (const reference of variable.references) {
          if (isTypeUse(reference) || reference.init) continue;
          const holder = topLevel(reference.identifier);
          if (holder === statement) continue;
          if (!isServerStatement(holder)) return false;
        }
      }
      return true;
    }

    return {
      ImportDeclaration(node) {
        const source = String(node.source.value);
        if (!SERVER_SOURCE.test(source) || isTypeOnly(node)) return;
        const specifiers = node.specifiers.filter((specifier) => !isTypeOnly(specifier));
        if (kind === "component") {
          if (specifiers.length > 0 || node.specifiers.length === 0) context.report({ node, messageId: "component", data: { source } });
          return;
        }
        for (const specifier of specifiers) {
          for (const variable of sourceCode.getDeclaredVariables(specifier)) {
            for (const reference of variable.references) {
              if (isTypeUse(reference)) continue;
              if (isServerStatement(topLevel(reference.identifier))) continue;
              context.report({ node: reference.identifier, messageId: "render", data: { name: variable.name, source } });
            }
          }
        }
      },
    };
  },
};

export default { rules: { "server-only-in-render": serverOnlyInRender } };
