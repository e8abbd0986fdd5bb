// The machine-readable description of the legacy API (OpenAPI 3.1), built
// from the same endpoint list the dispatcher serves and the same wire
// entities that map its replies and bodies, so it cannot drift:
// tests/api/contract.test.ts checks every path against the dispatcher and
// app/api/openapi.test.ts validates the document as OpenAPI 3.1.
import { OPERATIONS } from "~/domain/permissions/operations.server";
import type { Endpoint, FieldDoc } from "./contract/core.server";
import { apiEndpoints } from "./registry.server";
import { entitySchema, shapeExample, shapeSchema, type WireShape } from "./contract/wire";

const STATUS = {
  type: "integer",
  description:
    "0 = success; 1 = failure; 2 and 3 as the call says (audit states, duplicates); 401, 403, 404, 405, 413, 429, 500 mirror the HTTP status",
};
const MESSAGE = { type: "string", description: "In the language of ?lng= (zh-CN default, en-US)" };

const FAILURE = {
  type: "object",
  required: ["status", "message", "data"],
  properties: {
    status: STATUS,
    message: MESSAGE,
    data: { description: "null, or { fieldErrors } keyed by the wire names, or { problems }" },
  },
};

function schemaOf(field: FieldDoc) {
  switch (field.type) {
    case "integer":
      return { type: "integer" };
    case "number":
      return { type: "number" };
    case "boolean":
      return { type: "boolean" };
    case "file":
      return { type: "string", format: "binary" };
    case "array":
      return { type: "array", items: { type: "string" } };
    default:
      return { type: "string" };
  }
}

function access(endpoint: Endpoint): string {
  const a = endpoint.access;
  if (a.kind === "public") return "No sign-in needed.";
  if (a.kind === "user") return "Any signed-in user (token).";
  const spec = OPERATIONS[a.id];
  if (spec.who === "anyone") return `Operation ${a.id}: no sign-in needed.`;
  if (spec.who === "signedIn") return `Operation ${a.id}: any signed-in user (token), on their own things.`;
  return `Operation ${a.id}: staff holding the menu entry ${spec.path}${spec.right ? ` and right ${spec.right}` : ""}${spec.write ? "; the grant rules of docs/decisions/303-authority.md apply" : ""}.`;
}

const isList = (shape: WireShape) => shape.type === "list" || shape.type === "tree";

/** The success envelope of a call: data and members by their wire shapes, with an example. */
function success(endpoint: Endpoint, refs: Map<string, Record<string, unknown>>) {
  const { data, members = {} } = endpoint.response;
  const paged = isList(data);
  const schema = {
    type: "object",
    required: ["status", "message", "data", ...Object.keys(members)],
    properties: {
      status: { ...STATUS, const: 0 },
      message: MESSAGE,
      data: shapeSchema(data, refs),
      ...(paged ? { total: { type: "integer", description: "lists: the number of rows in all pages" } } : {}),
      ...Object.fromEntries(Object.entries(members).map(([name, shape]) => [name, shapeSchema(shape, refs)])),
    },
  };
  const example = {
    status: 0,
    message: "操作成功",
    data: shapeExample(data),
    ...(paged ? { total: 1 } : {}),
    ...Object.fromEntries(Object.entries(members).map(([name, shape]) => [name, shapeExample(shape)])),
  };
  return { description: "Success", content: { "application/json": { schema, example } } };
}

function requestSchema(endpoint: Endpoint) {
  const base = endpoint.input ? entitySchema(endpoint.input, "write") : { type: "object", properties: {} };
  const fields = endpoint.fields ?? [];
  const properties = {
    ...(base.properties as Record<string, unknown>),
    ...Object.fromEntries(fields.map((f) => [f.name, { ...schemaOf(f), ...(f.description ? { description: f.description } : {}) }])),
  };
  const required = fields.filter((f) => f.required).map((f) => f.name);
  return { ...base, properties, ...(required.length ? { required } : {}) };
}

function operation(endpoint: Endpoint, refs: Map<string, Record<string, unknown>>) {
  const pathParams = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const fields = endpoint.fields ?? [];
  const inQuery = endpoint.method === "GET" || endpoint.method === "DELETE";
  const op: Record<string, unknown> = {
    operationId: `${endpoint.method.toLowerCase()}${endpoint.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    summary: endpoint.summary,
    description: access(endpoint),
    tags: [endpoint.path.split("/")[1]],
    parameters: [
      ...pathParams.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
      ...(inQuery
        ? fields.map((f) => ({
            name: f.name,
            in: "query",
            required: !!f.required,
            ...(f.description ? { description: f.description } : {}),
            schema: schemaOf(f),
          }))
        : []),
      { name: "lng", in: "query", required: false, schema: { type: "string", enum: ["zh-CN", "en-US"] } },
    ],
    responses: {
      "200": success(endpoint, refs),
      default: { description: "A refusal or failure, in the same envelope", content: { "application/json": { schema: FAILURE } } },
    },
  };
  if (!inQuery) {
    const schema = requestSchema(endpoint);
    op.requestBody = {
      content: endpoint.multipart
        ? { "multipart/form-data": { schema } }
        : { "application/x-www-form-urlencoded": { schema }, "application/json": { schema } },
    };
  }
  if (endpoint.access.kind !== "public") op.security = [{ token: [] }];
  return op;
}

export function openApiDocument(origin: string) {
  const refs = new Map<string, Record<string, unknown>>();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of apiEndpoints) {
    paths[endpoint.path] ??= {};
    paths[endpoint.path][endpoint.method.toLowerCase()] = operation(endpoint, refs);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Freight-rate portal: legacy JSON API",
      version: "1.1.0",
      description:
        "The calls of the old client, answered as {status, message, data, total?}, with the field names of the spec (its sections 3 and 7); what a read returns, the matching edit accepts unchanged. Dates are YYYY-MM-DD, times YYYY-MM-DD HH:mm:ss (Asia/Shanghai), decimals strings with their column's places, booleans true/false. POST /api/login returns data.token; send it as `Authorization: Bearer <token>`. Prices follow the same rule as the pages: a customer sees only the tier of their rating, once their registration passed audit.",
    },
    servers: [{ url: origin }],
    components: {
      securitySchemes: { token: { type: "http", scheme: "bearer" } },
      schemas: Object.fromEntries([...refs.entries()].sort(([a], [b]) => a.localeCompare(b))),
    },
    paths,
  };
}
