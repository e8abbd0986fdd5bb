// The CSS text app/utils/inline-styles.tsx puts in every document: the
// built files of app.css and search.css (public/build/_assets), read once.
import fs from "node:fs";
import path from "node:path";
import appStylesHref from "~/styles/app.css";
import searchStylesHref from "~/styles/search.css";

let css: string | null = null;

export function inlineCss(): string {
  if (css === null) {
    css = [appStylesHref, searchStylesHref]
      .map((href) => fs.readFileSync(path.join(process.cwd(), "public", href), "utf8").replace(/<\/style/gi, "<\\/style"))
      .join("\n");
  }
  return css;
}
