// Lint (npm run lint; npm test runs it). Type-aware typescript-eslint for the
// mistakes the type checker lets through (promises nobody awaits, imports
// that should be type-only), the rules of hooks, and accessibility of JSX.
// Formatting is Prettier's business (npm run format), not ESLint's.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";
import serverOnly from "./eslint/server-only.js";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "app/generated/**",
      "node_modules/**",
      ".data/**",
      ".cache/**",
      "test-results/**",
      "playwright-report/**",
      "tools/schema-engine/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // Remix's loaders throw Responses; tests assert on `any` JSON bodies.
      "@typescript-eslint/only-throw-error": "off",
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      // The two classic rules; the React Compiler's newer rules target React 19.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "jsx-a11y": jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A dialog moves the focus to its first control when it opens (WAI-ARIA's
      // dialog pattern); our dialogs are server-rendered pages of the URL, so
      // autoFocus is how they do it without JavaScript.
      "jsx-a11y/no-autofocus": "off",
    },
  },
  {
    // Server-only modules used in render or at module level: the page works
    // when rendered on the server and crashes in the browser (decision 007).
    // Unit tests beside their modules never reach the browser bundle.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    plugins: { local: serverOnly },
    rules: { "local/server-only-in-render": "error" },
  },
  {
    // Plain JavaScript files outside the TypeScript project are not type-checked.
    files: [
      "**/*.cjs",
      "eslint.config.js",
      "eslint/*.js",
      "remix.config.js",
      "server/workers/*.mjs",
      "scripts/bench/*.mjs",
      "tests/**/*.mjs",
    ],
    ...tseslint.configs.disableTypeChecked,
  },
);
