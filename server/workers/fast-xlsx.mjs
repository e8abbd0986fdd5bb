// @ts-check
// A one-pass reader of the first sheet of an .xlsx (issue 23, performance):
// the zip's central directory, zlib's inflate, then shared strings, styles
// and the sheet XML scanned with indexOf — about 5-8 times less CPU than
// SheetJS's general parser for a 100,000-row sheet. It gives exactly what
// parse-sheet.mjs makes of SheetJS's result (the same cells, the same date
// texts through SheetJS's own number formats, the same range), and handles
// only the plain form of the format that spreadsheet programs write: on
// anything else (xls, zip64, rich text, inline or formula strings, formulas
// without a cached value, a dimension without a range, CDATA, namespaced
// tags …) it returns null and the caller uses SheetJS, so the import's
// messages and edge cases stay SheetJS's.
import zlib from "node:zlib";

const decoder = new TextDecoder("utf-8");

/**
 * @typedef {import("./compact-sheet.mjs").RowsSheet} RowsSheet
 * @typedef {import("./compact-sheet.mjs").Cell} Cell
 * @typedef {typeof import("@e965/xlsx")} SheetJS
 * @typedef {{ y: number, m: number, d: number, H: number, M: number, S: number }} DateCode
 * @typedef {(code: DateCode) => string} DateText
 * @typedef {Map<number, Uint8Array>} Inflated
 */

/**
 * The zip's entries by name → bytes (inflated lazily, or taken from
 * `inflated`: entries the zip size check already inflated, by local header
 * offset); null when not a plain zip.
 * @param {Uint8Array} data
 * @param {Inflated} [inflated]
 * @returns {{ text(name: string): string | null } | null}
 */
function zipEntries(data, inflated) {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  if (count === 0xffff || at === 0xffffffff) return null;
  const entries = new Map();
  for (let n = 0; n < count; n++) {
    if (at + 46 > data.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const flags = view.getUint16(at + 8, true);
    const name = decoder.decode(data.subarray(at + 46, at + 46 + nameLength));
    if (size === 0xffffffff || local === 0xffffffff || flags & 1 || (method !== 0 && method !== 8)) return null;
    if (local + 30 > data.length || view.getUint32(local, true) !== 0x04034b50) return null;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + size > data.length) return null;
    entries.set(name.replace(/\\/g, "/").replace(/^\//, ""), { method, local, bytes: data.subarray(start, start + size) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return {
    text(name) {
      const entry = entries.get(name);
      if (!entry) return null;
      if (entry.method === 0) return decoder.decode(entry.bytes);
      const done = inflated?.get(entry.local);
      // Each entry is read once: its inflated bytes are let go as soon as they are text.
      if (done) inflated?.delete(entry.local);
      return decoder.decode(done ?? zlib.inflateRawSync(entry.bytes));
    },
  };
}

/** SheetJS's unescapexml (the same expressions; CDATA is left to SheetJS). */
/** @type {Record<string, string>} */
const encodings = { "&quot;": '"', "&apos;": "'", "&gt;": ">", "&lt;": "<", "&amp;": "&" };
const encregex = /&(?:quot|apos|gt|lt|amp|#x?([\da-fA-F]+));/gi;
const coderegex = /_x([\da-fA-F]{4})_/gi;
/**
 * @param {string} text
 * @param {boolean} [xlsx]
 */
function unescapexml(text, xlsx) {
  // Most values (numbers, shared-string indexes) have neither "&" nor "_": one pass over them instead of three searches.
  let plain = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 38 || code === 95) {
      plain = false;
      break;
    }
  }
  if (plain || (text.indexOf("&") < 0 && text.indexOf("_x") < 0 && text.indexOf("_X") < 0))
    return xlsx ? text.replace(/\r\n/g, "\n") : text;
  const out = text
    .replace(
      encregex,
      (/** @type {string} */ $$, /** @type {string} */ $1) =>
        encodings[$$] || String.fromCharCode(parseInt($1, $$.indexOf("x") > -1 ? 16 : 10)) || $$,
    )
    .replace(coderegex, (/** @type {string} */ m, /** @type {string} */ c) => String.fromCharCode(parseInt(c, 16)));
  return xlsx ? out.replace(/\r\n/g, "\n") : out;
}

/** @returns {never} */
const unsupported = () => {
  throw new Error("fast-xlsx: not the plain form");
};

/**
 * An attribute of a tag in the plain form: ` name="value"`. Any other
 * spelling of it (single quotes, blanks around `=`), which a hand-edited or
 * unusual writer's file may hold, is not read here but handed to SheetJS:
 * missing it would misread silently (a date format or date1904 lost).
 * @param {string} tag
 * @param {string} name
 */
function attribute(tag, name) {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'[^']*')`).exec(tag);
  if (!m) return undefined;
  if (m[1] === undefined || m[0].length !== name.length + m[1].length + 4) unsupported();
  return m[1];
}

/**
 * Relationship id → target, resolved against the part's folder.
 * @param {string | null} xml
 * @param {string} folder
 */
function relationships(xml, folder) {
  /** @type {Map<string, { path: string, type: string }>} */
  const map = new Map();
  if (!xml) return map;
  for (const m of xml.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attribute(m[0], "Id");
    const target = attribute(m[0], "Target");
    const type = attribute(m[0], "Type") ?? "";
    if (!id || !target) continue;
    const path = target.startsWith("/") ? target.slice(1) : normalise(folder + target);
    map.set(id, { path, type });
  }
  return map;
}

/** @param {string} path */
function normalise(path) {
  const parts = [];
  for (const part of path.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  return parts.join("/");
}

/** @param {string | null} xml */
function sharedStrings(xml) {
  if (xml === null) return [];
  if (xml.includes("<![CDATA[") || /<\w+:si\b|<si\/>|<r>|<r |<rPh|<sstItem/.test(xml)) unsupported();
  const open = xml.search(/<sst\b/);
  const close = xml.lastIndexOf("</sst>");
  if (open < 0 || close < 0) return [];
  const body = xml.slice(xml.indexOf(">", open) + 1, close);
  const strings = [];
  for (const raw of body.replace(/<si>/g, "").split("</si>")) {
    const x = raw.trim();
    if (!x) {
      strings.push("");
      continue;
    }
    if (!/^\s*<t[^>]*>/.test(x)) unsupported();
    strings.push(unescapexml(x.slice(x.indexOf(">") + 1).split(/<\/(?:\w+:)?t>/)[0] || "", true));
  }
  return strings;
}

/**
 * Style index → number format code (the file's own formats over SheetJS's table).
 * @param {string | null} xml
 * @param {Record<number, string>} table
 * @returns {(string | undefined)[] | null}
 */
function styleFormats(xml, table) {
  if (xml === null) return null;
  /** @type {Map<number, string>} */
  const custom = new Map();
  for (const m of xml.matchAll(/<numFmt\b[^>]*>/g)) {
    const id = parseInt(attribute(m[0], "numFmtId") ?? "", 10);
    const code = attribute(m[0], "formatCode");
    if (!Number.isFinite(id) || code === undefined || id > 0x188) unsupported();
    if (id > 0) custom.set(id, unescapexml(code));
  }
  const xfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(xml);
  /** @type {(string | undefined)[]} */
  const formats = [];
  if (!xfs) return formats;
  for (const m of xfs[1].matchAll(/<xf\b[^>]*>/g)) {
    const id = parseInt(attribute(m[0], "numFmtId") ?? "0", 10);
    formats.push(custom.has(id) ? custom.get(id) : table[id]);
  }
  return formats;
}

/** @typedef {0 | 1 | 2} StyleKind a style's number format: neither, a date, a percentage */
const DATE_STYLE = 1;
const PERCENT_STYLE = 2;

/**
 * Whether a number format shows a percentage ("0%", "0.00%"): a "%" outside
 * quoted text and escaped characters.
 * @param {string | undefined} format
 */
export const isPercentFormat = (format) => typeof format === "string" && format.replace(/"[^"]*"|\\./g, "").includes("%");

/**
 * A percent-formatted number as the sheet shows it (0.185 → "18.5%", the
 * binary noise of × 100 rounded off): the cell says a percentage, and the
 * import reads it as one where a column is one, never as the fraction.
 * @param {number} number
 */
export const percentText = (number) => `${Number((number * 100).toPrecision(12))}%`;

/** @param {number} code */
const isBlankCode = (code) => code === 32 || code === 9 || code === 10 || code === 13;
/** A character of \w: A-Z, a-z, 0-9 or _. @param {number} code */
const isWordCode = (code) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;

/**
 * The style attribute's index (as Number(text) gave it: plain digits read in
 * place; anything else through Number, NaN giving no format).
 * @param {string} text
 * @param {number} from
 * @param {number} to
 */
function styleIndex(text, from, to) {
  let n = 0;
  if (from === to) return 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) {
      const value = Number(text.slice(from, to));
      return Number.isInteger(value) ? value : -1;
    }
    n = n * 10 + (code - 48);
  }
  return n;
}

/**
 * The first sheet as parse-sheet.mjs returns it ({ firstRow, rows,
 * formulaCells }), or null when the file is not in the plain form (SheetJS
 * reads it). `XLSX`: the SheetJS module (its number format table, is_date
 * and parse_date_code); `dateText`: parse-sheet's text of a date code.
 * @param {Uint8Array} data
 * @param {SheetJS} XLSX
 * @param {DateText} dateText
 * @param {Inflated} [inflated]
 * @returns {RowsSheet | null}
 */
export function readFirstSheetFast(data, XLSX, dateText, inflated) {
  try {
    const book = openBook(data, XLSX, inflated);
    if (!book || book.sheets.length === 0) return null;
    const sheet = readSheet(book, book.sheets[0], XLSX, dateText);
    return sheet && { firstRow: sheet.firstRow, rows: sheet.rows, formulaCells: sheet.formulaCells };
  } catch {
    // Not the plain form (Unsupported), or damaged (a bad deflate stream …): SheetJS decides, with its own errors.
    return null;
  }
}

/**
 * Every tab of the workbook (issue 40: carrier sheets come with one tab per
 * trade lane), each with its merged ranges, or null when any tab is not in
 * the plain form (SheetJS then reads the whole workbook).
 * @param {Uint8Array} data
 * @param {SheetJS} XLSX
 * @param {DateText} dateText
 * @param {Inflated} [inflated]
 * @returns {import("./compact-sheet.mjs").RowsTab[] | null}
 */
export function readWorkbookFast(data, XLSX, dateText, inflated) {
  try {
    const book = openBook(data, XLSX, inflated);
    if (!book) return null;
    /** @type {import("./compact-sheet.mjs").RowsTab[]} */
    const tabs = [];
    for (const entry of book.sheets) {
      const sheet = readSheet(book, entry, XLSX, dateText);
      if (!sheet) return null;
      tabs.push({ name: entry.name, hidden: entry.hidden, ...sheet });
    }
    return tabs;
  } catch {
    return null;
  }
}

/**
 * The workbook's parts the sheets share: the zip, its tabs (name, part,
 * hidden), the shared strings and which styles are dates; null when it is not
 * an .xlsx workbook.
 * @param {Uint8Array} data
 * @param {SheetJS} XLSX
 * @param {Inflated} [inflated]
 */
function openBook(data, XLSX, inflated) {
  if (!(data[0] === 0x50 && data[1] === 0x4b)) return null;
  const zip = zipEntries(data, inflated);
  if (!zip) return null;
  const rootRels = relationships(zip.text("_rels/.rels"), "");
  const office = [...rootRels.values()].find((r) => r.type.endsWith("/officeDocument"));
  if (!office) return null;
  const workbookPath = office.path;
  const folder = workbookPath.includes("/") ? workbookPath.slice(0, workbookPath.lastIndexOf("/") + 1) : "";
  const workbook = zip.text(workbookPath);
  if (!workbook || !/<workbook\b/.test(workbook)) return null;
  const rels = relationships(zip.text(`${folder}_rels/${workbookPath.slice(folder.length)}.rels`), folder);
  /** @type {{ name: string, path: string, hidden: boolean }[]} */
  const sheets = [];
  for (const m of workbook.matchAll(/<sheet\b[^>]*>/g)) {
    const rel = rels.get(attribute(m[0], "r:id") ?? "");
    // A chart sheet or a dialog sheet holds no cells: not the plain form.
    if (!rel || !rel.type.endsWith("/worksheet")) return null;
    const state = attribute(m[0], "state");
    sheets.push({ name: unescapexml(attribute(m[0], "name") ?? ""), path: rel.path, hidden: state === "hidden" || state === "veryHidden" });
  }
  const workbookPr = /<workbookPr\b[^>]*>/.exec(workbook);
  const date1904Attr = workbookPr ? attribute(workbookPr[0], "date1904") : undefined;
  const date1904 = date1904Attr === "1" || date1904Attr === "true";
  const related = (/** @type {string} */ kind) => [...rels.values()].find((r) => r.type.endsWith(`/${kind}`));
  const sstRel = related("sharedStrings");
  const stylesRel = related("styles");
  const strings = sharedStrings(sstRel ? zip.text(sstRel.path) : null);
  const formats = styleFormats(stylesRel ? zip.text(stylesRel.path) : null, XLSX.SSF.get_table());
  // Whether a style's number format is a date, decided once per style (not once per cell). Without a styles part
  // every cell is "General"; a cell without a style (-1) or with an unknown one has no format.
  const generalIsDate = XLSX.SSF.is_date("General");
  const dateStyles = formats === null ? null : formats.map((format) => typeof format === "string" && XLSX.SSF.is_date(format));
  /** @param {number} style */
  const decideDateStyle = (style) =>
    dateStyles === null
      ? generalIsDate
      : style >= 0 && style < dateStyles.length
        ? dateStyles[style]
        : typeof formats?.[style] === "string" && XLSX.SSF.is_date(/** @type {string} */ (formats?.[style]));
  /** @param {number} style */
  const decidePercentStyle = (style) => formats !== null && style >= 0 && isPercentFormat(formats[style]);
  // Each style decided once (a sheet uses a handful; cells without one are -1): a date, a percentage or neither.
  /** @type {Map<number, StyleKind>} */
  const decided = new Map();
  /** @param {number} style @returns {StyleKind} */
  const styleKind = (style) => {
    let kind = decided.get(style);
    if (kind === undefined)
      decided.set(style, (kind = decideDateStyle(style) ? DATE_STYLE : decidePercentStyle(style) ? PERCENT_STYLE : 0));
    return kind;
  };
  return { zip, sheets, strings, styleKind, date1904 };
}

/**
 * One tab's cells (as readFirstSheetFast's result) and its merged ranges
 * (0-based, as SheetJS's `!merges`), or null when it is not in the plain form.
 * @param {NonNullable<ReturnType<typeof openBook>>} book
 * @param {{ path: string }} entry
 * @param {SheetJS} XLSX
 * @param {DateText} dateText
 * @returns {(RowsSheet & { merges: import("./compact-sheet.mjs").Merge[], hiddenCells: import("./compact-sheet.mjs").HiddenCells }) | null}
 */
function readSheet(book, entry, XLSX, dateText) {
  const { zip, strings, styleKind, date1904 } = book;
  const sheet = zip.text(entry.path);
  if (!sheet || !/<worksheet\b/.test(sheet) || sheet.includes("<![CDATA[")) return null;

  const dimAt = sheet.search(/<(?:\w*:)?dimension/);
  const dim = dimAt > 0 ? /"(\w*:\w*)"/.exec(sheet.slice(dimAt, dimAt + 50)) : null;
  if (!dim) return null;
  const range = XLSX.utils.decode_range(dim[1]);
  if (!(range.s.r <= range.e.r && range.s.c <= range.e.c && range.s.r >= 0 && range.s.c >= 0)) return null;
  const dataAt = sheet.indexOf("<sheetData");
  if (dataAt < 0) return null;
  const merges = mergedRanges(sheet, XLSX);
  if (sheet.charAt(dataAt + 10) === "/")
    return {
      firstRow: range.s.r + 1,
      rows: Array.from({ length: range.e.r - range.s.r + 1 }, () => []),
      formulaCells: [],
      merges,
      hiddenCells: { rows: [], columns: hiddenColumns(sheet.slice(0, dataAt), range.e.c + 1) },
    };
  const end = sheet.indexOf("</sheetData>", dataAt);
  if (end < 0) return null;
  const hiddenCells = { rows: hiddenRows(sheet.slice(dataAt, end)), columns: hiddenColumns(sheet.slice(0, dataAt), range.e.c + 1) };

  const height = range.e.r - range.s.r + 1;
  const width = range.e.c + 1;
  const rows = new Array(height);
  let pos = sheet.indexOf(">", dataAt) + 1;
  while (true) {
    let at = sheet.indexOf("<c", pos);
    if (at < 0 || at >= end) break;
    const next = sheet.charCodeAt(at + 2);
    if (next !== 32 && next !== 62 && next !== 47) {
      // <col…>, <cfRule…>: not a cell (none of those inside sheetData in the plain form).
      unsupported();
    }
    const tagEnd = sheet.indexOf(">", at);
    const selfClosing = sheet.charCodeAt(tagEnd - 1) === 47;
    const tagStop = selfClosing ? tagEnd - 1 : tagEnd;
    // The cell's content is sheet[innerStart, innerEnd): read in place, not sliced.
    const innerStart = tagEnd + 1;
    let innerEnd = innerStart;
    if (selfClosing) pos = tagEnd + 1;
    else {
      const close = sheet.indexOf("</c>", tagEnd);
      if (close < 0) unsupported();
      innerEnd = close;
      pos = close + 4;
    }
    // Attributes r, s, t, read in place (no slice per attribute); other names (cm, vm, ph …) are skipped. Only the
    // plain form is read: one space, then name="value", per attribute (blanks may end the tag). Anything else
    // (single quotes, blanks around "=", tabs or line breaks between attributes) goes to SheetJS: reading past it
    // would lose a cell's style or type, and with it its date or its shared string, without a word.
    let refAt = -1;
    let refEnd = -1;
    let style = -1;
    let type;
    for (let i = at + 2; ;) {
      let nameStart = i;
      while (nameStart < tagStop && isBlankCode(sheet.charCodeAt(nameStart))) nameStart++;
      if (nameStart >= tagStop) break;
      if (nameStart !== i + 1 || sheet.charCodeAt(i) !== 32) unsupported();
      const eq = sheet.indexOf("=", nameStart);
      if (eq < 0 || eq >= tagStop || sheet.charCodeAt(eq + 1) !== 34) unsupported();
      const quote = sheet.indexOf('"', eq + 2);
      if (quote < 0 || quote >= tagStop) unsupported();
      if (eq - nameStart === 1) {
        const name = sheet.charCodeAt(nameStart);
        if (name === 114 /* r */) {
          refAt = eq + 2;
          refEnd = quote;
        } else if (name === 115 /* s */) style = styleIndex(sheet, eq + 2, quote);
        else if (name === 116 /* t */) type = sheet.slice(eq + 2, quote);
      } else for (let k = nameStart; k < eq; k++) if (isBlankCode(sheet.charCodeAt(k))) unsupported();
      i = quote + 1;
    }
    if (refAt < 0) unsupported();
    // The reference: column letters A-Z, then the row's digits (as /^([A-Z]+)(\d+)$/).
    let k = refAt;
    let c = 0;
    for (let code = sheet.charCodeAt(k); code >= 65 && code <= 90; code = sheet.charCodeAt(++k)) c = c * 26 + (code - 64);
    if (k === refAt || k === refEnd) unsupported();
    let r = 0;
    for (; k < refEnd; k++) {
      const code = sheet.charCodeAt(k);
      if (code < 48 || code > 57) unsupported();
      r = r * 10 + (code - 48);
    }
    c -= 1;
    r -= 1;

    let v;
    let rawV = "";
    let hasFormula = false;
    if (innerEnd > innerStart) {
      // Its tags: an inline string (<is>) or a namespaced tag (<x:v>) is not the plain form; the first tag named
      // v… holds the value, a tag named f… is a formula. Text holds no "<", so every "<" opens or closes a tag.
      let vAt = -1;
      for (let lt = sheet.indexOf("<", innerStart); lt >= 0 && lt < innerEnd; lt = sheet.indexOf("<", lt + 1)) {
        const first = sheet.charCodeAt(lt + 1);
        if (first === 47 /* / */) continue;
        let k = lt + 1;
        while (k < innerEnd && isWordCode(sheet.charCodeAt(k))) k++;
        if (k === lt + 1) continue;
        if (sheet.charCodeAt(k) === 58 /* : */ || (first === 105 /* i */ && sheet.charCodeAt(lt + 2) === 115) /* s */) unsupported();
        if (first === 102 /* f */) hasFormula = true;
        else if (first === 118 /* v */ && vAt < 0) vAt = lt;
      }
      if (vAt >= 0) {
        const vOpen = sheet.indexOf(">", vAt);
        if (vOpen < 0 || vOpen >= innerEnd) unsupported();
        if (sheet.charCodeAt(vOpen - 1) !== 47) {
          const vClose = sheet.indexOf("</v>", vOpen);
          if (vClose < 0 || vClose + 4 > innerEnd) unsupported();
          rawV = sheet.slice(vOpen + 1, vClose);
          if (rawV !== "") v = unescapexml(rawV);
        }
      }
    }
    if (hasFormula && v === undefined) unsupported();

    let value;
    switch (type) {
      case undefined:
      case "n": {
        if (v === undefined) continue;
        const number = parseFloat(v);
        const kind = styleKind(style);
        const code = kind === DATE_STYLE ? XLSX.SSF.parse_date_code(number, { date1904 }) : null;
        value = code ? dateText(code) : kind === PERCENT_STYLE ? percentText(number) : number;
        break;
      }
      case "s": {
        if (v === undefined) continue;
        // The usual index (up to nine digits) read digit by digit; anything else as parseInt reads it.
        let index = 0;
        let digits = v.length <= 9;
        for (let i = 0; digits && i < v.length; i++) {
          const digit = v.charCodeAt(i) - 48;
          if (digit < 0 || digit > 9) digits = false;
          else index = index * 10 + digit;
        }
        if (!digits) index = parseInt(v, 10);
        if (!(index >= 0 && index < strings.length)) unsupported();
        value = strings[index];
        break;
      }
      case "b":
        // SheetJS's parsexmlbool: a boolean cell without a value is false.
        value = v === "1" || v === "true";
        break;
      case "str":
        // SheetJS unescapes a formula's (or inline) text twice, with a UTF-8 read between: the same here unless an
        // escape makes a character that read would change (&#…; or _xHHHH_ of a non-ASCII character).
        if (v !== undefined && /&#|_x[\da-f]{4}_/i.test(rawV)) unsupported();
        value = v === undefined ? "" : unescapexml(v, true);
        break;
      case "e":
        value = null;
        break;
      default:
        unsupported();
    }
    // The cell is read only within the sheet's range (rows), from column A to its last column.
    if (r < range.s.r || r > range.e.r || c >= width) continue;
    const row = (rows[r - range.s.r] ??= []);
    while (row.length < c) row.push(null);
    row[c] = value;
  }
  for (let i = 0; i < height; i++) {
    const row = rows[i];
    if (!row) rows[i] = [];
    else while (row.length && row[row.length - 1] === null) row.pop();
  }
  return { firstRow: range.s.r + 1, rows, formulaCells: [], merges, hiddenCells };
}

/** `hidden="1"` (or "true") in a tag's attributes. */
const HIDDEN_ATTRIBUTE = /\shidden="(?:1|true)"/;
/** Any spelling of the attribute: one other than Excel's own (`hidden='1'`, `hidden = "1"`) is not the plain form. */
const ANY_HIDDEN = /\shidden\s*=/;
const PLAIN_HIDDEN = /\shidden="(?:0|1|true|false)"/;

/**
 * Whether a tag hides its row or columns; SheetJS reads a sheet that spells the attribute otherwise than Excel does.
 * @param {string} tag
 * @returns {boolean}
 */
function hides(tag) {
  if (ANY_HIDDEN.test(tag) && !PLAIN_HIDDEN.test(tag)) unsupported();
  return HIDDEN_ATTRIBUTE.test(tag);
}

/**
 * The rows of `sheetData` marked hidden (hidden by hand, by a filter or in a
 * collapsed group), 1-based as the sheet numbers them. Found by the
 * attribute, not by reading every row's tag: most sheets hide none.
 * @param {string} data
 * @returns {number[]}
 */
function hiddenRows(data) {
  const rows = [];
  for (let at = data.indexOf(" hidden"); at >= 0; at = data.indexOf(" hidden", at + 7)) {
    const open = data.lastIndexOf("<", at);
    const tag = data.slice(open, data.indexOf(">", at) + 1);
    if (!tag.startsWith("<row ") || !hides(tag)) continue;
    const r = /\sr="(\d+)"/.exec(tag);
    if (r) rows.push(Number(r[1]));
  }
  return rows;
}

/**
 * The columns a `<cols>` list marks hidden, 0-based.
 * @param {string} head the sheet's XML before `sheetData`
 * @param {number} width the sheet's columns (a range may run to the last column Excel has)
 * @returns {number[]}
 */
function hiddenColumns(head, width) {
  const columns = [];
  for (const m of head.matchAll(/<col\b[^>]*>/g)) {
    if (!hides(m[0])) continue;
    const min = /\smin="(\d+)"/.exec(m[0]);
    const max = /\smax="(\d+)"/.exec(m[0]);
    if (!min || !max) continue;
    for (let c = Number(min[1]); c <= Math.min(Number(max[1]), width); c++) columns.push(c - 1);
  }
  return columns;
}

/**
 * The merged ranges of a sheet's XML (`<mergeCell ref="A4:A5"/>`), 0-based.
 * @param {string} sheet
 * @param {SheetJS} XLSX
 * @returns {import("./compact-sheet.mjs").Merge[]}
 */
function mergedRanges(sheet, XLSX) {
  const at = sheet.lastIndexOf("<mergeCells");
  if (at < 0) return [];
  const end = sheet.indexOf("</mergeCells>", at);
  const merges = [];
  for (const m of sheet.slice(at, end < 0 ? undefined : end).matchAll(/<mergeCell\b[^>]*>/g)) {
    const ref = attribute(m[0], "ref");
    if (!ref) continue;
    const range = XLSX.utils.decode_range(ref);
    merges.push({ s: { r: range.s.r, c: range.s.c }, e: { r: range.e.r, c: range.e.c } });
  }
  return merges;
}

/**
 * The texts of every sheet of an .xlsx, in tab order (null when it is not a
 * plain zip workbook): the formula check reads them whatever reader read the cells.
 * @param {Uint8Array} data
 * @returns {string[] | null}
 */
export function sheetTexts(data) {
  try {
    if (!(data[0] === 0x50 && data[1] === 0x4b)) return null;
    const zip = zipEntries(data);
    if (!zip) return null;
    const office = [...relationships(zip.text("_rels/.rels"), "").values()].find((r) => r.type.endsWith("/officeDocument"));
    if (!office) return null;
    const folder = office.path.includes("/") ? office.path.slice(0, office.path.lastIndexOf("/") + 1) : "";
    const workbook = zip.text(office.path) ?? "";
    const rels = relationships(zip.text(`${folder}_rels/${office.path.slice(folder.length)}.rels`), folder);
    return [...workbook.matchAll(/<sheet\b[^>]*>/g)].map((m) => {
      const id = /\sr:id\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(m[0]);
      const rel = rels.get(id?.[1] ?? id?.[2] ?? "");
      return (rel && zip.text(rel.path)) ?? "";
    });
  } catch {
    return null;
  }
}

/**
 * The cells of a sheet's XML that hold a formula but no saved result, in
 * every form programs and scripts write: no value element, an empty one
 * (`<v></v>`) or a self-closing one (`<v/>`), whatever the cell's type.
 * SheetJS drops such a numeric cell and reads a text one as "": the import
 * would take them as empty (issue 40 item 2).
 * @param {string} xml
 * @returns {string[]}
 */
export function formulaCellsWithoutValue(xml) {
  /** @type {string[]} */
  const cells = [];
  if (xml.indexOf("<f") < 0 && !/<\w+:f[\s>/]/.test(xml)) return cells;
  for (const m of xml.matchAll(/<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g)) {
    const inner = m[2];
    if (!inner || !/<(?:\w+:)?f[\s>/]/.test(inner)) continue;
    const value = /<(?:\w+:)?v(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?v>/.exec(inner);
    if (value && value[1] !== "") continue;
    const ref = /\sr\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(m[1]);
    if (ref) cells.push(ref[1] ?? ref[2]);
  }
  return cells;
}
