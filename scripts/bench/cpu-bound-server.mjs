// The machine's ceiling for bench:throughput (scripts/bench/throughput.ts).
// Two app processes on two cores are meant to serve 1.6 × one; whether this
// machine allows that at all, with the load generator on the same CPUs, is a
// question about the machine, not the app. This server answers it: no
// database, no I/O, only CPU of the kind the app spends on a page. For every
// request it builds a fixed React element tree of about the FCL page's size
// (a 20-row × 10-cell table, Chinese and ASCII text, attributes), renders it
// with react-dom/server's renderToString and compresses it with Brotli at
// quality 1 (as server/app.js does), a few ms of CPU per request. The tree is
// built anew per request so React does real work each time.
//
//   node scripts/bench/cpu-bound-server.mjs PORT
// prints "up" on stdout once it listens on 127.0.0.1:PORT.
import http from "node:http";
import zlib from "node:zlib";

// React's production build, as the app runs (read when React is loaded, hence the dynamic imports).
process.env.NODE_ENV = "production";
const { createElement: h } = await import("react");
const { renderToString } = await import("react-dom/server");

const port = Number(process.argv[2]);
if (!port) throw new Error("usage: node scripts/bench/cpu-bound-server.mjs PORT");

const brotli = { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 18, [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
const carriers = ["COSCO 中远海运", "MSC 地中海航运", "Maersk 马士基", "CMA CGM 达飞", "Evergreen 长荣海运"];
const ports = ["SHANGHAI 上海", "NINGBO 宁波", "HAMBURG 汉堡", "ROTTERDAM 鹿特丹", "LOS ANGELES 洛杉矶"];

function row(i) {
  const cells = [
    carriers[i % carriers.length],
    ports[i % ports.length],
    ports[(i + 2) % ports.length],
    `${20 + (i % 5)} 天 days`,
    `USD ${(1200 + i * 37).toLocaleString("en-US")}`,
    `USD ${(2300 + i * 53).toLocaleString("en-US")}`,
    `USD ${(2450 + i * 59).toLocaleString("en-US")}`,
    `2025-0${1 + (i % 9)}-1${i % 10} 至 2025-12-31`,
    i % 3 ? "直航 direct" : "中转 via SINGAPORE 新加坡",
    `备注 remark ${i}: 含THC，不含DOC费 (BAF included, subject to change)`,
  ];
  return h(
    "tr",
    { key: i, className: `rates__row${i % 2 ? " rates__row--odd" : ""}`, "data-id": 10_000 + i },
    cells.map((text, j) =>
      h(
        "td",
        { key: j, className: `rates__cell rates__cell--${j}`, title: j === 9 ? text : undefined, "data-label": `列 column ${j}` },
        h("span", { className: "rates__value", lang: j % 2 ? "en" : "zh" }, j === 0 ? h("strong", null, text) : text),
        h("small", { className: "rates__note", "aria-hidden": j > 5 ? "true" : undefined }, `${j + 1}/10 · 第${i + 1}行 row ${i + 1}`),
        h("a", { className: "rates__link", href: `/fclbysea/rate/${10_000 + i}?column=${j}&lang=zh`, rel: "nofollow" }, "详情 details"),
      ),
    ),
  );
}

function page() {
  const rows = [];
  for (let i = 0; i < 20; i++) rows.push(row(i));
  return h(
    "html",
    { lang: "zh-CN" },
    h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, "整箱海运运价 FCL rates")),
    h(
      "body",
      null,
      h(
        "main",
        { className: "rates", id: "main" },
        h("h1", null, "上海 SHANGHAI → 汉堡 HAMBURG: 50 条运价 rates"),
        h("table", { className: "rates__table" }, h("tbody", null, rows)),
      ),
    ),
  );
}

http
  .createServer((_req, res) => {
    const body = zlib.brotliCompressSync(Buffer.from(`<!DOCTYPE html>${renderToString(page())}`), brotli);
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "br", "Content-Length": body.length });
    res.end(body);
  })
  .listen(port, "127.0.0.1", () => console.log("up"));
