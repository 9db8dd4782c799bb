// Parameters numbered as a statement is written, for statements whose parts are left out when they have nothing to
// do: PostgreSQL refuses a statement with a parameter it does not use (it cannot tell the parameter's type), so each
// part adds its own parameters as it is written.
export interface StatementParameters {
  /** The values, in the order of their placeholders. */
  readonly values: unknown[];
  /** Adds a parameter; returns its placeholder with the cast that gives its type, as in `$3::uuid[]`. */
  add(value: unknown, type: string): string;
}

export function statementParameters(): StatementParameters {
  const values: unknown[] = [];
  return {
    values,
    add(value, type) {
      values.push(value);
      return `$${values.length}::${type}`;
    },
  };
}
