// A route's loader data carried by the document as JSON instead of in
// Remix's hydration stream (decision 609, "The results data as JSON in the
// document"). Remix serialises every route's data into the page with
// turbo-stream, written in JavaScript: about 0.3 ms of server CPU for the
// results page's 4 KB, against 0.04 ms for JSON.stringify, which also comes
// out smaller. The loader returns `shipData(request, id, data)`
// (document-data.server.ts); on a document request the hydration stream
// gets `{ inDocument: id }`, the server's
// render still reads the data (a property turbo-stream does not see), and
// <DocumentData> writes it into the page as `<script type="application/json">`.
// The browser reads it back from there before its first render (meta
// included); every client navigation and revalidation fetches the data as
// before, whole. Only for data that JSON keeps as it is: strings, numbers,
// booleans, null, arrays and plain objects (no Date, Map, undefined in arrays).

/** The data of a document request, for the server's render only (set by document-data.server.ts). */
export const PAYLOAD = Symbol("document data");

/** What the hydration stream carries instead of the data: the id of the element that holds it. */
export type InDocument = { readonly inDocument: string };

type Shell = InDocument & { [PAYLOAD]?: unknown };

function isShell(data: unknown): data is Shell {
  return typeof data === "object" && data !== null && typeof (data as Partial<InDocument>).inDocument === "string";
}

/** `<` as \u003c: no `</script>` or `<!--` in the element, whatever a value holds (JSON.parse reads it back as `<`). */
const jsonForScript = (data: unknown) => JSON.stringify(data).replace(/</g, "\\u003c");

/** Per stand-in: the element's text and the data (parsed once in the browser). */
const kept = new WeakMap<Shell, { json: string; data: unknown }>();

function contentOf(shell: Shell): { json: string; data: unknown } {
  let entry = kept.get(shell);
  if (!entry) {
    if (PAYLOAD in shell) {
      entry = { json: jsonForScript(shell[PAYLOAD]), data: shell[PAYLOAD] };
    } else {
      const json = document.getElementById(shell.inDocument)?.textContent;
      if (json == null) throw new Error(`the document has no data element #${shell.inDocument}`);
      entry = { json, data: JSON.parse(json) };
    }
    kept.set(shell, entry);
  }
  return entry;
}

/** A loader's data as the route reads it: the data itself, or the document's copy of it. */
export function fromDocument<T>(data: T | InDocument): T;
export function fromDocument<T>(data: T | InDocument | undefined): T | undefined;
export function fromDocument<T>(data: T | InDocument | undefined): T | undefined {
  return isShell(data) ? (contentOf(data).data as T) : (data as T | undefined);
}

/** The element that holds a document's data; nothing when the data came whole (client navigations). */
export function DocumentData({ data }: { data: unknown }) {
  if (!isShell(data)) return null;
  return <script type="application/json" id={data.inDocument} dangerouslySetInnerHTML={{ __html: contentOf(data).json }} />;
}
