#!/usr/bin/env node
"use strict";
// Stand-in for Prisma's native `schema-engine` binary (PostgreSQL only).
// Speaks the same command line / stdio JSON-RPC protocol as the native engine
// and runs @prisma/schema-engine-wasm over @prisma/adapter-pg.
// See README.md in this folder. Used by scripts/prisma.mjs through
// PRISMA_SCHEMA_ENGINE_BINARY when the native engine is not installed.

const { engineHash } = require("./lib/wasm.cjs");
const { log } = require("./lib/log.cjs");

const USAGE = `schema-engine (Node stand-in for the native Prisma schema engine, PostgreSQL only)

USAGE:
    schema-engine [OPTIONS] [cli <COMMAND>]

OPTIONS:
    -d, --datamodels <FILE>...              Prisma schema files (starts the JSON-RPC server on stdio)
        --datasource <JSON>                 {"url": "...", "shadowDatabaseUrl": "..."}
        --enabled-preview-features <LIST>   accepted, ignored (read from the schema)
        --extension-types <JSON>            accepted, ignored
    -h, --help                              Prints help information
    -V, --version                           Prints version information

CLI COMMANDS (need --datasource):
    can-connect-to-database | create-database | drop-database
`;

function fail(message) {
  process.stderr.write(`error: ${message}\n\n${USAGE}`);
  process.exit(1);
}

function parseArgs(argv) {
  const out = { datamodels: [], datasource: undefined, cli: undefined, version: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const eq = a.startsWith("--") ? a.indexOf("=") : -1;
    const flag = eq > 0 ? a.slice(0, eq) : a;
    const inline = eq > 0 ? a.slice(eq + 1) : undefined;
    const value = () => {
      if (inline !== undefined) return inline;
      if (i + 1 >= argv.length) fail(`missing value for ${flag}`);
      return argv[++i];
    };
    switch (flag) {
      case "-V":
      case "--version":
        out.version = true;
        break;
      case "-h":
      case "--help":
        out.help = true;
        break;
      case "-d":
      case "--datamodels":
        out.datamodels.push(value());
        // clap-style: several values may follow one flag
        while (inline === undefined && i + 1 < argv.length && !argv[i + 1].startsWith("-") && argv[i + 1] !== "cli") {
          out.datamodels.push(argv[++i]);
        }
        break;
      case "--datasource": {
        const raw = value();
        try {
          out.datasource = JSON.parse(raw);
        } catch (e) {
          fail(`--datasource is not valid JSON: ${e.message}`);
        }
        break;
      }
      case "--enabled-preview-features":
      case "--extension-types":
        value();
        break;
      case "cli":
        out.cli = argv[i + 1];
        if (!out.cli) fail("missing cli command");
        if (argv.length > i + 2) fail(`unexpected arguments: ${argv.slice(i + 2).join(" ")}`);
        i = argv.length;
        break;
      default:
        fail(`unexpected argument '${a}'`);
    }
  }
  return out;
}

async function runCliCommand(command, datasource) {
  const pgLib = require("./lib/pg.cjs");
  // The Prisma CLI skips the first stderr line, then parses every other line as JSON.
  log("INFO", "Starting schema engine CLI", { git_hash: engineHash() }, "schema_engine_cli");
  const url = datasource && datasource.url;
  const report = (code, message) => {
    log("ERROR", message, code ? { error_code: code } : {}, "schema_engine::logger");
    process.exitCode = 1;
  };
  let info;
  try {
    info = pgLib.describeUrl(url);
  } catch (e) {
    report(e.code, e.message);
    return;
  }
  const handlers = {
    "can-connect-to-database": async () => {
      await pgLib.canConnect(url);
    },
    "create-database": async () => {
      const name = await pgLib.createDatabase(url);
      process.stdout.write(`Database '${name}' was successfully created.\n`);
    },
    "drop-database": async () => {
      await pgLib.dropDatabase(url);
      process.stdout.write("The database was successfully dropped.\n");
    },
  };
  const handler = handlers[command];
  if (!handler) {
    report(undefined, `Unknown cli command: ${command}`);
    return;
  }
  try {
    await handler();
  } catch (e) {
    if (e && e.isUserFacing) {
      report(e.code, e.message);
    } else {
      const mapped = pgLib.mapPgError(e, info);
      report(mapped.code, mapped.message);
    }
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (args.version) {
    process.stdout.write(`schema-engine-cli ${engineHash()}\n`);
    return;
  }
  if (args.cli) {
    await runCliCommand(args.cli, args.datasource);
    return;
  }
  const { RpcServer } = require("./lib/rpc.cjs");
  const server = new RpcServer({
    datamodels: args.datamodels,
    datasource: args.datasource,
  });
  server.start();
}

main().catch((e) => {
  log("ERROR", (e && e.stack) || String(e));
  process.exit(1);
});
