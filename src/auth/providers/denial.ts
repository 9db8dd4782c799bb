// VK and the legacy Instagram API report a denial with error, error_reason and error_description.
export function reasonedDenial(query: Record<string, unknown>): string | undefined {
  if (typeof query.error !== 'string') return undefined;
  const reason = typeof query.error_reason === 'string' ? query.error_reason : query.error;
  const description = typeof query.error_description === 'string' ? query.error_description : '';
  return `${reason} ${description}`.trim();
}
