// Layers that only point down (issue 41, decision 612), read from the import
// graph of the product's code (app/, server/, prisma/, scripts/):
//
// - no two folders import each other, directly or round a longer cycle, a
//   folder and its own subfolders included (runtime imports; type-only
//   imports are erased by the compiler). A new cycle fails with the imports
//   that make it;
// - the leaf helpers of app/utils import nothing from the app beyond
//   app/utils itself (and the generated Prisma client, the stylesheets and the
//   server's settings schema they wrap);
// - product code never imports the demo seed (prisma/seed imports the
//   reference data of app/domain/reference, not the other way round);
// - the server process (server/) imports nothing from the app: what it needs
//   of it (the cacheable pages, the request context) comes from the build.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(__dirname, "../..");
const SCANNED = ["app", "server", "prisma", "scripts"];
const SKIPPED = new Set(["node_modules", "generated", "migrations", "build"]);
const SOURCE = /\.(tsx?|jsx?|mjs|cjs)$/;
const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", "/index.ts", "/index.tsx", "/index.js"];

type Import = { from: string; to: string; specifier: string; typeOnly: boolean };

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) || entry.name.startsWith(".") ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** A specifier of `file` as a file of the project, or null (a package). */
function resolve(file: string, specifier: string): string | null {
  const base = specifier.startsWith("~/")
    ? path.join(ROOT, "app", specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(file), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, base.replace(/\.js$/, "")])
    for (const ext of EXTENSIONS) {
      const full = candidate + ext;
      if (fs.existsSync(full) && fs.statSync(full).isFile()) return full;
    }
  return null;
}

/** Every import of `file`: static, re-export, side-effect and dynamic; type-only where the compiler erases it. */
function importsOf(file: string, text = fs.readFileSync(file, "utf8")): Import[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const to = resolve(file, specifier);
    if (to) found.push({ from: file, to, specifier, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : null;
      const typeOnly =
        !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((element) => element.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
      add(node.moduleSpecifier.text, node.isTypeOnly || (!!named && named.length > 0 && named.every((element) => element.isTypeOnly)));
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length === 1 &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");
const folderOf = (file: string) => rel(path.dirname(file));

const IMPORTS = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).flatMap((file) => importsOf(file));

/** The folder cycles of a graph of imports: each strongly connected set of two or more folders, with the imports between them. */
function folderCycles(imports: Import[]): string[][] {
  const edges = new Map<string, Map<string, Import[]>>();
  for (const imp of imports) {
    if (imp.typeOnly) continue;
    const a = folderOf(imp.from);
    const b = folderOf(imp.to);
    if (a === b) continue;
    if (!edges.has(a)) edges.set(a, new Map());
    const out = edges.get(a)!;
    out.set(b, [...(out.get(b) ?? []), imp]);
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) connect(v);
  return components.map((component) =>
    component.flatMap((a) =>
      [...(edges.get(a) ?? [])]
        .filter(([b]) => component.includes(b))
        .flatMap(([, list]) => list.map((imp) => `${rel(imp.from)} -> ${imp.specifier}`)),
    ),
  );
}

describe("import layers", () => {
  test("the reader sees every form of import, and which ones the compiler erases", () => {
    const file = path.join(ROOT, "app", "domain", "rates", "example.server.ts");
    const text = [
      'import { rateSearch } from "~/domain/rates/rate-search.server";',
      'import type { Viewer } from "~/domain/accounts/viewer.server";',
      'import { type ModeKey } from "~/domain/catalog";',
      'export { modeByKey } from "~/domain/modes";',
      'import "~/utils/dates";',
      'const later = () => import("~/domain/site/company.server");',
      "let meta: import('~/domain/site/page-meta').PageMeta;",
    ].join("\n");
    expect(importsOf(file, text).map(({ specifier, typeOnly }) => [specifier, typeOnly])).toEqual([
      ["~/domain/rates/rate-search.server", false],
      ["~/domain/accounts/viewer.server", true],
      ["~/domain/catalog", true],
      ["~/domain/modes", false],
      ["~/utils/dates", false],
      ["~/domain/site/company.server", false],
      ["~/domain/site/page-meta", true],
    ]);
  });

  test("a cycle of folders is found, round two folders or more, through a subfolder too", () => {
    const at = (file: string) => path.join(ROOT, file);
    const imp = (from: string, to: string, typeOnly = false): Import => ({ from: at(from), to: at(to), specifier: to, typeOnly });
    expect(folderCycles([imp("app/a/x.ts", "app/b/y.ts"), imp("app/b/y.ts", "app/a/z.ts")])).toHaveLength(1);
    expect(folderCycles([imp("app/a/x.ts", "app/b/y.ts"), imp("app/b/y.ts", "app/c/z.ts"), imp("app/c/z.ts", "app/a/w.ts")])).toEqual([
      ["app/a/x.ts -> app/b/y.ts", "app/b/y.ts -> app/c/z.ts", "app/c/z.ts -> app/a/w.ts"],
    ]);
    expect(folderCycles([imp("app/a/x.ts", "app/b/y.ts"), imp("app/b/y.ts", "app/a/z.ts", true)])).toEqual([]);
    expect(folderCycles([imp("app/a/x.ts", "app/a/sub/y.ts"), imp("app/a/sub/y.ts", "app/a/z.ts")])).toHaveLength(1);
    expect(folderCycles([imp("app/a/x.ts", "app/a/sub/y.ts"), imp("app/a/sub/y.ts", "app/b/z.ts")])).toEqual([]);
  });

  test("no folder imports a folder that imports it back, directly or round a longer cycle", () => {
    expect(IMPORTS.length).toBeGreaterThan(1000);
    expect(folderCycles(IMPORTS)).toEqual([]);
  });

  test("the helpers of app/utils import nothing from the app but each other", () => {
    const allowed = (to: string) => /^app\/(utils|generated|styles)\//.test(rel(to)) || rel(to) === "server/env.js";
    const offenders = IMPORTS.filter((imp) => rel(imp.from).startsWith("app/utils/") && !allowed(imp.to));
    expect(offenders.map((imp) => `${rel(imp.from)} -> ${imp.specifier}`)).toEqual([]);
  });

  test("product code never imports the demo seed, and the server imports nothing from the app", () => {
    // The product: app/ and server/ (scripts may seed a database: seed-if-empty, the benchmarks' scratch databases).
    const seed = IMPORTS.filter((imp) => /^(app|server)\//.test(rel(imp.from)) && rel(imp.to).startsWith("prisma/seed/"));
    expect(seed.map((imp) => `${rel(imp.from)} -> ${imp.specifier}`)).toEqual([]);
    const server = IMPORTS.filter((imp) => rel(imp.from).startsWith("server/") && rel(imp.to).startsWith("app/"));
    expect(server.map((imp) => `${rel(imp.from)} -> ${imp.specifier}`)).toEqual([]);
  });
});
