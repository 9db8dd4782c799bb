// The shop's front end names a message's parts otherwise than the specification: object_type for object, and
// request_data holding the params with the payload inside. Both spellings mean the same message (and hash the same).

type Fields = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The message in the specification's keys. Only an unambiguous front-end message is rewritten; one that mixes both
 * spellings is left as it is, and schema validation refuses it.
 */
export function withSpecificationKeys(raw: unknown): unknown {
  if (!isPlainObject(raw)) return raw;
  const { object_type: objectType, request_data: requestData, ...rest } = raw;
  if ((objectType !== undefined && 'object' in raw) || (requestData !== undefined && ('params' in raw || 'payload' in raw))) return raw;
  if (requestData !== undefined && !isPlainObject(requestData)) return raw;
  const message: Fields = { ...rest };
  if (objectType !== undefined) message.object = objectType;
  if (requestData !== undefined) {
    const { payload, ...params } = requestData;
    message.params = params;
    if (payload !== undefined) message.payload = payload;
  }
  return message;
}
