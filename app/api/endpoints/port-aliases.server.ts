// Port aliases and the unresolved queue (issue 23 item 3, decision 205) for
// scripts: the alias list, adding an alias, the queue, and map-and-fix of a
// queued name. The screen's domain code and operations (portAlias.*): an
// alias saved here fixes the FCL/LCL rows already stored with that spelling
// in the same transaction, exactly as on /portAliases.
import {
  findUnresolved,
  listAliases,
  listUnresolved,
  mapUnresolved,
  saveAlias,
  type AliasOutcome,
} from "~/domain/reference/port-aliases.server";
import { ApiError, badRequest, idParam, notFound, ok, op, pageOf, type Endpoint } from "../contract/core.server";
import { AliasSavedEntity, PortAliasEntity, PortUnresolvedEntity } from "../contract/entities";
import { shape } from "../contract/wire";

const text = (form: FormData, ...names: string[]) => {
  for (const name of names) {
    const value = form.get(name);
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return "";
};

function savedReply(outcome: AliasOutcome, alias: string, key: "portAliases.msg.saved" | "portAliases.msg.mapped") {
  if (outcome.ok) {
    const values = { alias, port: outcome.port, fcl: outcome.fixed.fcl, lcl: outcome.fixed.lcl };
    return ok({ id: outcome.id, port: outcome.port, fcl: outcome.fixed.fcl, lcl: outcome.fixed.lcl }, { key, values });
  }
  if (outcome.error === "notFound") throw notFound("portAliases.error.notFound");
  const message = { key: `portAliases.error.${outcome.error}`, values: outcome.values ?? {} };
  // An alias already taken is a duplicate (status 2), as the other add calls say it.
  throw outcome.error === "aliasTaken" ? new ApiError(2, message, 409) : badRequest(message);
}

export const portAliasEndpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/data/portalias",
    access: op("portAlias.read"),
    summary: "Port aliases: one page (pagenum, pagesize), filtered by query (a spelling, a port code, name or Chinese name).",
    fields: [
      { name: "query" },
      { name: "pagenum", type: "integer" },
      { name: "pagesize", type: "integer", description: "10, 50, 100 or 200" },
    ],
    response: { data: shape.list(PortAliasEntity) },
    async handler(ctx) {
      const { rows, total } = await listAliases({ q: ctx.url.searchParams.get("query") ?? "", ...pageOf(ctx) });
      return ok(rows, "api.ok", { total });
    },
  },
  {
    method: "POST",
    path: "/data/addportalias",
    access: op("portAlias.save"),
    summary:
      "Add an alias (alias, portname: the port's code or English name); the FCL and LCL rows stored with that spelling are fixed in the same transaction. Status 2: the spelling is already an alias.",
    fields: [
      { name: "alias", required: true },
      { name: "portname", required: true, description: "the port's code (CNSHA) or English name" },
    ],
    response: { data: shape.one(AliasSavedEntity) },
    async handler(ctx) {
      const form = await ctx.fields();
      const alias = text(form, "alias");
      return savedReply(
        await saveAlias(ctx.user, { id: null, alias, port: text(form, "portname", "portcode") }),
        alias,
        "portAliases.msg.saved",
      );
    },
  },
  {
    method: "GET",
    path: "/data/portunresolved",
    access: op("portAlias.read"),
    summary:
      "The unresolved queue: FCL/LCL pol/pod names nothing resolves, with the number of stored rows holding them (most rows first, at most 200).",
    response: { data: shape.list(PortUnresolvedEntity) },
    async handler() {
      const rows = await listUnresolved();
      return ok(rows, "api.ok", { total: rows.length });
    },
  },
  {
    method: "PUT",
    path: "/data/mapportunresolved/{id}",
    access: op("portAlias.map"),
    summary:
      "Map a queued name to a port (portname: code or English name): saved as an alias, the rows already stored with it fixed and the queue entry removed, in one transaction.",
    fields: [{ name: "portname", required: true, description: "the port's code (CNSHA) or English name" }],
    response: { data: shape.one(AliasSavedEntity) },
    async handler(ctx) {
      const entry = await findUnresolved(idParam(ctx.params.id));
      if (!entry) throw notFound("portAliases.error.notFound");
      const port = text(await ctx.fields(), "portname", "portcode");
      return savedReply(await mapUnresolved(ctx.user, entry.id, port), entry.name, "portAliases.msg.mapped");
    },
  },
];
