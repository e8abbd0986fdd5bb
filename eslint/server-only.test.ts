// The lint rule against server-only code in render (eslint/server-only.js,
// decision 007): the two pages that crashed with JavaScript on (/quotes, a
// server import called at module level; /userWatches, one called while
// rendering) fail it again when their bug is put back, and the shapes the
// tree uses (server exports, helpers only they call, type positions) pass.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import serverOnly from "./server-only.js";

const ROOT = path.resolve(__dirname, "..");

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ["**/*.{ts,tsx}"],
      languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
      plugins: { local: serverOnly },
      rules: { "local/server-only-in-render": "error" },
    },
  ],
});

async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.map((m) => `${m.line}:${m.message.split(" comes from")[0]}`);
}

function source(file: string) {
  return fs.readFileSync(path.join(ROOT, file), "utf8");
}

/** `file` with `from` replaced; fails when the file no longer holds `from`. */
function changed(file: string, ...edits: [string, string][]) {
  let code = source(file);
  for (const [from, to] of edits) {
    expect(code, `${file} holds ${from}`).toContain(from);
    code = code.replace(from, to);
  }
  return code;
}

describe("server-only code in render", () => {
  it("finds /quotes' module-level defineTable again", async () => {
    const file = "app/routes/account/quotes.tsx";
    expect(await problems(file, source(file))).toEqual([]);
    const bug = changed(
      file,
      ["listOwnQuotes, QUOTES_TABLE, type QuoteView", "listOwnQuotes, type QuoteView"],
      [
        'import { parseTableQuery, tablePage } from "~/domain/table/paging.server";',
        'import { defineTable, parseTableQuery, tablePage } from "~/domain/table/paging.server";\nconst QUOTES_TABLE = defineTable({ sizes: [10], defaultSize: 10, filters: {} });',
      ],
    );
    expect(await problems(file, bug)).toEqual([expect.stringMatching(/^\d+:'defineTable'$/)]);
  });

  it("finds /userWatches' lanes.server lookup while rendering again", async () => {
    const file = "app/routes/account/userWatches.tsx";
    expect(await problems(file, source(file))).toEqual([]);
    const bug = changed(file, ["<td>{t(w.modeLabel)}</td>", '<td>{t(watchLane(w.mode)?.mode.labelKey ?? "watches.mode")}</td>']);
    expect(await problems(file, bug)).toEqual([expect.stringMatching(/^\d+:'watchLane'$/)]);
  });

  it("allows server exports, helpers only they call and type positions; refuses the rest", async () => {
    const route = `
      import { data } from "@remix-run/node";
      import { load, save, shape, type View } from "~/domain/x.server";
      const helper = (id: number) => load(id);
      function deeper(id: number) { return helper(id); }
      const render = (id: number) => load(id);
      export async function loader() { return data(await deeper(1)); }
      export const action = async () => save();
      export const headers = () => ({ "X-Shape": String(shape) });
      type Loaded = ReturnType<typeof load> & View;
      export default function Page(props: { row: Loaded }) { return <p>{String(props.row)}{render(2)}</p>; }
    `;
    expect(await problems("app/routes/site/x.tsx", route)).toEqual(["6:'load'"]);
    const topLevel = `import { defineTable } from "./-server/tables.server";\nexport const TABLE = defineTable();\n`;
    expect(await problems("app/routes/admin/y.tsx", topLevel)).toEqual(["2:'defineTable'"]);
  });

  it("lets components import only types from server modules", async () => {
    const typeOnly = `import type { View } from "~/domain/x.server";\nimport { type Row } from "~/routes/admin/-server/users.server";\nexport const f = (v: View, r: Row) => [v, r];\n`;
    expect(await problems("app/components/admin/Z.tsx", typeOnly)).toEqual([]);
    const value = `import { label } from "~/domain/x.server";\nexport const Z = () => <p>{label}</p>;\n`;
    expect(await problems("app/components/admin/Z.tsx", value)).toEqual([expect.stringMatching(/^1:Components run in the browser/)]);
  });

  it("leaves server modules alone", async () => {
    const server = `import { load } from "~/domain/x.server";\nexport const value = load(1);\n`;
    expect(await problems("app/domain/y.server.ts", server)).toEqual([]);
    expect(await problems("app/routes/site/-server/z.server.ts", server)).toEqual([]);
  });
});
