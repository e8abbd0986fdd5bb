// The server's half of utils/document-data.tsx: which requests are page
// loads, and the stand-in a loader returns for them.
import { PAYLOAD, type InDocument } from "./document-data";

/**
 * A browser's page load, as against the client router's fetch of the same
 * loader's data (`/fclbysea.data?…`, which Remix hands the loader under the
 * page's own URL). Browsers mark a navigation `Sec-Fetch-Dest: document`
 * and a fetch() `empty`, a header scripts cannot set; where a browser sends
 * no Sec-Fetch headers (plain HTTP to another host, older browsers), the
 * router's fetch accepts any type and only a page load asks for text/html.
 * A request that is neither gets its data whole: only a document may carry
 * it differently.
 */
export function isDocumentRequest(request: Request): boolean {
  const destination = request.headers.get("Sec-Fetch-Dest");
  if (destination) return destination === "document" || destination === "iframe";
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

/**
 * A loader's data as its response carries it: on a page load, a stand-in
 * holding the data for the server's render (the route renders
 * <DocumentData>, which writes it as JSON); otherwise the data, whole.
 */
export function shipData<T extends object>(request: Request, id: string, data: T): T | InDocument {
  if (!isDocumentRequest(request)) return data;
  return Object.defineProperty({ inDocument: id }, PAYLOAD, { value: data, enumerable: false });
}
