// The OpenAPI 3.1 document, made from schemas/ and the routers' route descriptions.
import type { RouteDoc } from '../http/route-module';
import type { JsonSchema } from '../http/schemas';

const componentName = (schemaId: string) => schemaId.replace(/\.json$/, '').replace(/[^A-Za-z0-9_-]/g, '_');

/** Rewrites "x.json" and "x.json#/..." references to the components section. */
function toComponent(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toComponent);
  if (typeof schema !== 'object' || schema === null) return schema;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$id') continue;
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) {
      const [file, pointer = ''] = value.split('#');
      result.$ref = `#/components/schemas/${componentName(file)}${pointer}`;
    } else {
      result[key] = toComponent(value);
    }
  }
  return result;
}

const ref = (schemaId: string) => ({ $ref: `#/components/schemas/${componentName(schemaId)}` });

/** Rewrites a reference local to its schema ("#/$defs/x") to point into that schema's component. */
function rebase(value: unknown, schemaId: string): unknown {
  return JSON.parse(JSON.stringify(value).replace(/"#\/\$defs\//g, `"${schemaId}#/$defs/`));
}

function queryParameters(schemas: JsonSchema[]): object[] {
  return schemas.flatMap((schema) => {
    const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    const required = (schema.required ?? []) as string[];
    return Object.entries(properties).map(([name, property]) => {
      const resolved = toComponent(rebase(property, schema.$id)) as Record<string, unknown>;
      const isArray = property.type === 'array' || typeof property.$ref === 'string';
      return {
        name, in: 'query', required: required.includes(name), description: property.description, schema: resolved,
        ...(isArray ? { style: 'form', explode: true } : {}),
      };
    });
  });
}

function operation(doc: RouteDoc, schemas: Map<string, JsonSchema>): object {
  const pathParameters = [...doc.path.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => ({
    name, in: 'path', required: true, schema: { type: 'string' },
  }));
  return {
    summary: doc.summary,
    description: doc.description,
    tags: doc.tags,
    parameters: [...pathParameters, ...queryParameters((doc.query ?? []).map((id) => schemas.get(id)!))],
    ...(doc.body ? { requestBody: { required: true, content: { [doc.body.contentType ?? 'application/json']: { schema: ref(doc.body.schema) } } } } : {}),
    ...(doc.auth ? { security: [{ bearer: [] }] } : {}),
    responses: Object.fromEntries(Object.entries(doc.responses).map(([status, response]) => [status, {
      description: response.description,
      ...(response.schema ? { content: { [response.contentType ?? 'application/json']: { schema: ref(response.schema) } } } : {}),
    }])),
  };
}

export function buildOpenApiDocument(routeDocs: RouteDoc[], schemas: JsonSchema[], serverUrl: string): object {
  const byId = new Map(schemas.map((schema) => [schema.$id, schema]));
  const missing = routeDocs.flatMap((doc) => doc.query ?? []).find((id) => !byId.has(id));
  if (missing) throw new Error(`no schema ${missing} in schemas/`);
  const paths: Record<string, Record<string, object>> = {};
  for (const doc of routeDocs) {
    const path = doc.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    (paths[path] ??= {})[doc.method] = operation(doc, byId);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Photobook service',
      version: '1',
      description: 'Every path also answers without its trailing slash. Errors follow Django REST framework\'s shapes.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: Object.fromEntries(schemas.map((schema) => [componentName(schema.$id), toComponent(rebase(schema, schema.$id))])),
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
