// The machine-readable description of the legacy API (OpenAPI 3.1), built
// from the same endpoint list the dispatcher serves, so it cannot drift:
// tests/api/openapi.test.ts checks every path against the dispatcher.
import { OPERATIONS } from "~/domain/permissions/operations.server";
import type { Endpoint, FieldDoc } from "./core.server";
import { apiEndpoints } from "./registry.server";

const ENVELOPE = {
  type: "object",
  required: ["status", "message", "data"],
  properties: {
    status: { type: "integer", description: "0 = success; 1 = failure; 2 and 3 as the call says (audit states, duplicates); 401, 403, 404, 405, 413, 429, 500 mirror the HTTP status" },
    message: { type: "string", description: "In the language of ?lng= (zh-CN default, en-US)" },
    data: {},
    total: { type: "integer", description: "Paged lists: the number of rows in all pages" },
  },
  additionalProperties: true,
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

function operation(endpoint: Endpoint) {
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
      ...(inQuery ? fields.map((f) => ({ name: f.name, in: "query", required: !!f.required, description: f.description, schema: schemaOf(f) })) : []),
      { name: "lng", in: "query", required: false, schema: { type: "string", enum: ["zh-CN", "en-US"] } },
    ],
    responses: {
      default: { description: "The envelope", content: { "application/json": { schema: ENVELOPE } } },
    },
  };
  if (!inQuery) {
    const schema = {
      type: "object",
      properties: Object.fromEntries(fields.map((f) => [f.name, { ...schemaOf(f), ...(f.description ? { description: f.description } : {}) }])),
      required: fields.filter((f) => f.required).map((f) => f.name),
    };
    op.requestBody = {
      content: endpoint.multipart
        ? { "multipart/form-data": { schema } }
        : { "application/x-www-form-urlencoded": { schema }, "application/json": { schema } },
    };
  }
  if (endpoint.access.kind !== "public") op.security = [{ token: [] }];
  if (endpoint.extraMembers?.length) (op.responses as Record<string, unknown>)["x-extra-members"] = endpoint.extraMembers;
  return op;
}

export function openApiDocument(origin: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of apiEndpoints) {
    paths[endpoint.path] ??= {};
    paths[endpoint.path][endpoint.method.toLowerCase()] = operation(endpoint);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Freight-rate portal: legacy JSON API",
      version: "1.0.0",
      description:
        "The calls of the old client, answered as {status, message, data, total?}. POST /api/login returns data.token; send it as `Authorization: Bearer <token>`. Prices follow the same rule as the pages: a customer sees only the tier of their rating, once their registration passed audit.",
    },
    servers: [{ url: origin }],
    components: { securitySchemes: { token: { type: "http", scheme: "bearer" } } },
    paths,
  };
}
