// The operations of the service as its OpenAPI document describes them: nothing here names a route, so a route
// added tomorrow is fuzzed as soon as it is documented.
export type Schema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  method: string;
  /** As documented, with {name} placeholders. */
  path: string;
  parameters: Parameter[];
  body?: { contentType: string; schema: Schema };
  /** Status -> the schema id in schemas/ of its JSON body (null: no JSON body documented). */
  responses: Record<string, string | null>;
  auth: boolean;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, Schema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Follows a local reference (#/components/schemas/x, #/components/schemas/x/$defs/y) inside the document. */
export function resolveReference(document: OpenApiDocument, reference: string): Schema {
  const parts = reference.replace(/^#\//, '').split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  let target: unknown = document;
  for (const part of parts) target = (target as Record<string, unknown>)[part];
  return (target ?? {}) as Schema;
}

/** The schema with every reference along the way replaced by its target (cycles are cut after a few levels). */
export function dereference(document: OpenApiDocument, schema: unknown, depth = 0): Schema {
  if (Array.isArray(schema)) return schema.map((item) => dereference(document, item, depth)) as unknown as Schema;
  if (typeof schema !== 'object' || schema === null) return schema as Schema;
  const record = schema as Schema;
  if (typeof record.$ref === 'string') return depth > 8 ? {} : dereference(document, resolveReference(document, record.$ref), depth + 1);
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, dereference(document, value, depth)]));
}

const schemaIdOf = (content: unknown): string | null => {
  const reference = (Object.values((content ?? {}) as Record<string, { schema?: { $ref?: string } }>)[0]?.schema?.$ref) ?? '';
  const name = /^#\/components\/schemas\/([^/]+)$/.exec(reference)?.[1];
  return name ? `${name}.json` : null;
};

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS.filter((name) => item[name])) {
      const operation = item[method] as Record<string, unknown>;
      const body = operation.requestBody as { content: Record<string, { schema: unknown }> } | undefined;
      const [contentType, media] = body ? Object.entries(body.content)[0] : [];
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: ((operation.parameters ?? []) as Parameter[]).map((parameter) => ({
          ...parameter, schema: dereference(document, parameter.schema),
        })),
        body: contentType && media ? { contentType, schema: dereference(document, media.schema) } : undefined,
        responses: Object.fromEntries(Object.entries((operation.responses ?? {}) as Record<string, { content?: unknown }>)
          .map(([status, response]) => [status, schemaIdOf(response.content)])),
        auth: Array.isArray(operation.security) && operation.security.length > 0,
      });
    }
  }
  return operations;
}

/** The documented methods of each path, to send the others. */
export function methodsByPath(operations: Operation[]): Map<string, Set<string>> {
  const methods = new Map<string, Set<string>>();
  for (const operation of operations) (methods.get(operation.path) ?? methods.set(operation.path, new Set()).get(operation.path)!).add(operation.method);
  return methods;
}
