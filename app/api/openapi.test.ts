// /api/openapi.json is a valid OpenAPI 3.1 document (checked by the
// @seriousme/openapi-schema-validator, offline), describes every call with
// an example response under the spec's names, and each example satisfies
// its own schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses).
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
import { apiEndpoints } from "~/api/registry.server";
import { loader as openApiLoader } from "~/routes/legacy-api/api.openapi[.]json";

async function document() {
  const response = openApiLoader({ request: new Request("http://localhost:3000/api/openapi.json"), params: {}, context: {} });
  return response.json();
}

type Operation = {
  responses: Record<string, { content?: Record<string, { schema: object; example?: unknown }> }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
};

describe("/api/openapi.json", () => {
  test("validates as OpenAPI 3.1", async () => {
    const doc = await document();
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  test("every call has a success response with an example that matches its schema", async () => {
    const doc = await document();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: "doc", components: doc.components }, "doc");
    const wrong: string[] = [];
    for (const endpoint of apiEndpoints) {
      const op: Operation = doc.paths[endpoint.path][endpoint.method.toLowerCase()];
      const content = op.responses["200"]?.content?.["application/json"];
      if (!content || content.example === undefined) {
        wrong.push(`${endpoint.method} ${endpoint.path}: no example`);
        continue;
      }
      const schema = JSON.parse(JSON.stringify(content.schema).replaceAll('"#/components/', '"doc#/components/'));
      const validate = ajv.compile(schema);
      if (!validate(content.example)) wrong.push(`${endpoint.method} ${endpoint.path}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(wrong).toEqual([]);
  });

  test("records are described under the spec's names, not the project's", async () => {
    const doc = await document();
    const schemas = doc.components.schemas as Record<string, { properties: Record<string, unknown> }>;
    expect(Object.keys(schemas.Offer_fcl.properties)).toEqual(
      expect.arrayContaining(["pol", "pod", "sale_state", "20GP", "40GP", "40HQ", "valid_to"]),
    );
    expect(Object.keys(schemas.User.properties)).toEqual(
      expect.arrayContaining(["rolename", "xs_username", "kf_username", "statesw", "create_time", "updata_company"]),
    );
    expect(Object.keys(schemas.RoleNode.properties)).toEqual(
      expect.arrayContaining(["rid", "rolename", "roleDesc", "Fidrole", "type", "pid", "children"]),
    );
    for (const [name, schema] of Object.entries(schemas)) {
      for (const key of Object.keys(schema.properties ?? {})) {
        expect(`${name}.${key}`).not.toMatch(
          /\.(sailingSchedule|transitTime|roleName|parentId|createdAt|updatedAt|operatedAt|imagePath|customerServiceId)$/,
        );
      }
    }
    const editFcl: Operation = doc.paths["/data/editfcl"].put;
    const body = editFcl.requestBody!.content["application/x-www-form-urlencoded"].schema.properties!;
    expect(Object.keys(body)).toEqual(expect.arrayContaining(["sale_state", "20GP_T0", "yes_no", "valid_to"]));
  });
});
