// Streaming multipart/form-data parsing for every upload and every multipart
// body an action or API call reads, through busboy (@fastify/busboy, the
// parser Fastify maintains): quoted parameters with `=`, `;`, spaces and
// escaped quotes, RFC 5987 `filename*`, and file names of any Unicode are
// read as the browser sent them. The body is counted while it streams and the
// parse stops at `maxBytes`; each file part goes to a handler that streams
// it where it belongs (a temp file, memory) or drains it.
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { Readable, Transform } from "node:stream";
import Busboy from "@fastify/busboy";

/** A body that is not a sane form ("malformed") or larger than allowed ("tooLarge"). */
export class BodyError extends Error {
  constructor(
    readonly kind: "malformed" | "tooLarge",
    message: string = kind,
  ) {
    super(message);
    this.name = "BodyError";
  }
}

export type FilePart = {
  /** The form field's name. */
  field: string;
  /** The client's file name ("" for a file input left empty). */
  filename: string;
  mimeType: string;
  stream: Readable;
};

/** Streams one file part somewhere and returns the form's value for it (undefined: not kept). Must consume the stream. */
export type FileHandler = (part: FilePart) => Promise<File | undefined>;

export type MultipartOptions = {
  /** The whole body, counted while it streams. */
  maxBytes: number;
  /** Parts (fields and files) at most; more is malformed. */
  maxParts?: number;
  /** One text field at most; a larger one is tooLarge. */
  maxFieldBytes?: number;
  /** Default: every file is drained unread. */
  onFile?: FileHandler;
};

export const MAX_PARTS = 200;
export const MAX_FIELD_BYTES = 64 * 1024;

/** Reads and forgets a file part. */
export const drainFile: FileHandler = async ({ stream }) => {
  for await (const chunk of stream) void chunk;
  return undefined;
};

/** Keeps a file in memory up to `maxBytes`; a larger file stops the parse with tooLarge. */
export function memoryFile(maxBytes: number): FileHandler {
  return async ({ filename, mimeType, stream }) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new BodyError("tooLarge", "file too large");
      chunks.push(chunk);
    }
    return new File(chunks as BlobPart[], filename, { type: mimeType });
  };
}

/**
 * Only the first non-empty file of `field` goes to `handler`; other file
 * parts (other inputs, an input left empty, a second file) are drained.
 * `onExtra` hears about a second file of that field.
 */
export function firstFileOf(fields: string | readonly string[], handler: FileHandler, onExtra?: () => void): FileHandler {
  const names = typeof fields === "string" ? [fields] : fields;
  let taken = false;
  return async (part) => {
    if (!names.includes(part.field) || part.filename === "") return drainFile(part);
    if (taken) {
      onExtra?.();
      return drainFile(part);
    }
    taken = true;
    return handler(part);
  };
}

export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "");
}

/**
 * Browsers write `"`, CR and LF in a file name as %22, %0D and %0A (the HTML
 * multipart encoding); the other characters arrive as they are.
 */
function decodeFileName(name: string | undefined): string {
  return (name ?? "").replace(/%22/gi, '"').replace(/%0D|%0A/gi, " ");
}

/** The declared Content-Length, or null (chunked or absent). */
export function declaredLength(request: Request): number | null {
  const text = request.headers.get("Content-Length");
  if (text === null || !/^\s*\d+\s*$/.test(text)) return null;
  return Number(text);
}

/** The request body as a Node stream that fails with tooLarge past `maxBytes`. */
function limitedBody(request: Request, maxBytes: number): Readable {
  const declared = declaredLength(request);
  if (declared !== null && declared > maxBytes) throw new BodyError("tooLarge", "declared body too large");
  if (!request.body) return Readable.from([]);
  let total = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.byteLength;
      if (total > maxBytes) callback(new BodyError("tooLarge", "body too large"));
      else callback(null, chunk);
    },
  });
  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  source.on("error", (error) => counter.destroy(error));
  return source.pipe(counter);
}

/** Reads a whole body of at most `maxBytes` (urlencoded forms, JSON). */
export async function readBody(request: Request, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of limitedBody(request, maxBytes) as AsyncIterable<Buffer>) chunks.push(chunk);
  } catch (error) {
    if (error instanceof BodyError) throw error;
    throw new BodyError("malformed", error instanceof Error ? error.message : "unreadable body");
  }
  return Buffer.concat(chunks);
}

/**
 * Parses a multipart/form-data body. Throws BodyError: malformed (no or a
 * broken boundary, cut short, too many parts, a NUL in a field) or tooLarge
 * (the body, a field, or whatever a file handler refuses).
 */
export async function parseMultipart(request: Request, options: MultipartOptions): Promise<FormData> {
  const onFile = options.onFile ?? drainFile;
  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      defCharset: "utf8",
      limits: {
        parts: options.maxParts ?? MAX_PARTS,
        fieldSize: options.maxFieldBytes ?? MAX_FIELD_BYTES,
        fieldNameSize: 200,
        headerPairs: 20,
        headerSize: 16 * 1024,
      },
    });
  } catch (error) {
    throw new BodyError("malformed", error instanceof Error ? error.message : "not multipart");
  }
  const body = limitedBody(request, options.maxBytes);
  const entries: [string, Promise<File | string | undefined>][] = [];
  let failure: unknown = null;

  await new Promise<void>((resolve, reject) => {
    /** Stops the parse; the body's and parser's own errors are the client's (malformed). */
    const fail = (error: unknown, fromClient = true) => {
      if (failure !== null) return;
      failure =
        error instanceof BodyError || !fromClient
          ? error
          : new BodyError("malformed", error instanceof Error ? error.message : String(error));
      body.unpipe(parser);
      body.destroy();
      parser.destroy();
      reject(failure);
    };
    parser.on("field", (name, value, nameTruncated, valueTruncated) => {
      if (nameTruncated || valueTruncated) return fail(new BodyError("tooLarge", `field ${name} too large`));
      // PostgreSQL text cannot hold NUL, and no browser sends one in a field.
      if (value.includes("\u0000") || name.includes("\u0000")) return fail(new BodyError("malformed", "a NUL character in a field"));
      entries.push([name, Promise.resolve(value)]);
    });
    parser.on("file", (field, stream, filename, _encoding, mimeType) => {
      const value = onFile({ field, filename: decodeFileName(filename), mimeType, stream }).catch((error) => {
        stream.resume();
        // A handler's own failure (the disk, say) is not the client's.
        fail(error, false);
        return undefined;
      });
      entries.push([field, value]);
    });
    parser.on("partsLimit", () => fail(new BodyError("malformed", "too many parts")));
    parser.on("error", (error) => fail(error));
    parser.on("finish", () => {
      if (failure === null) resolve();
    });
    body.on("error", (error) => fail(error));
    body.pipe(parser);
  });

  const form = new FormData();
  for (const [name, pending] of entries) {
    const value = await pending;
    if (value !== undefined) form.append(name, value);
  }
  // A handler that failed after the last part was read.
  if (failure !== null) throw failure;
  return form;
}
