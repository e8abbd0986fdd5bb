// What no response may show a user or a script (issue 18): a raw
// translation key, a {{placeholder}}, a stack trace or SQL / database error
// text. Used by the fuzz suites and the translations test.
import fs from "node:fs";
import path from "node:path";

const LOCALES = path.resolve(process.cwd(), "app", "locales", "zh-CN");
/** The translation namespaces (the top-level names of app/locales/*.json). */
export const NAMESPACES = fs.readdirSync(LOCALES).map((file) => file.replace(/\.json$/, ""));

const RAW_KEY = new RegExp(`(?<![\\w./-])(?:${NAMESPACES.join("|")})\\.[A-Za-z][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_]+)*(?![\\w/-])`, "g");

const LEAKS: [string, RegExp][] = [
  ["a stack trace", /\n\s+at [^\n]+:\d+:\d+\)?/],
  ["a stack trace", /\b(?:TypeError|RangeError|ReferenceError|SyntaxError|PrismaClient\w*Error)\b/],
  ["SQL", /\b(?:SELECT\s+[\s\S]{1,200}?\s+FROM|INSERT\s+INTO|DELETE\s+FROM|UPDATE\s+"?\w+"?\s+SET)\b/],
  [
    "a database error",
    /\b(?:violates (?:not-null|unique|foreign key|check) constraint|duplicate key value|syntax error at or near|invalid input syntax for|numeric field overflow|relation "\w+" does not exist|prisma\.\w+\.\w+\(\))/i,
  ],
];

/** Problems of a text a user or script reads (visible page text, an API message). */
export function textProblems(text: string): string[] {
  const problems: string[] = [];
  const keys = text.match(RAW_KEY);
  if (keys) problems.push(`raw translation key ${[...new Set(keys)].slice(0, 5).join(", ")}`);
  if (text.includes("{{")) problems.push(`a placeholder: …${text.slice(Math.max(0, text.indexOf("{{") - 40), text.indexOf("{{") + 40)}…`);
  for (const [what, pattern] of LEAKS) {
    const match = pattern.exec(text);
    if (match) problems.push(`${what}: ${match[0].slice(0, 120)}`);
  }
  return problems;
}

/** Every string of a JSON value, joined (the API's message, field errors, problems…). */
export function jsonText(value: unknown): string {
  const out: string[] = [];
  const walk = (node: unknown) => {
    if (typeof node === "string") out.push(node);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") Object.values(node).forEach(walk);
  };
  walk(value);
  return out.join("\n");
}
