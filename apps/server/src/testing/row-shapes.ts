import type { Column } from 'drizzle-orm';
import { Expr, type Fields, type RunStatement, type Shape, type Statement } from '#src/db/sql.ts';

/** Whether a value is of a drizzle column's data type, as the drivers return it (or as JSON gives it back). */
function isOfType(column: Column, value: unknown): boolean {
  switch (column.dataType) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return value instanceof Date && !Number.isNaN(value.getTime());
    case 'array':
      return Array.isArray(value);
    default:
      return value !== undefined;
  }
}

/**
 * Where a row that a statement returned breaks its shape's declaration: a field missing or not declared, a column's
 * value not of its drizzle data type (or null where neither the column nor the field admits null), and the same for
 * the rows of a shape nested as JSON. An expression typed where it is written is only checked to be there.
 */
export function rowMismatches(rows: Shape<Fields>, row: Record<string, unknown>, path = ''): string[] {
  const found: string[] = [];
  for (const key of Object.keys(row)) if (!(key in rows.fields)) found.push(`${path}${key}: not declared`);
  for (const [key, field] of Object.entries(rows.fields)) {
    const at = `${path}${key}`;
    const value = row[key];
    const holds = field instanceof Expr ? field.holds : { column: field, nullable: false };
    if (value === undefined) found.push(`${at}: missing`);
    else if (!holds) continue;
    else if (value === null) {
      if (!holds.nullable && (!('column' in holds) || holds.column.notNull)) found.push(`${at}: null`);
    } else if ('column' in holds) {
      if (!isOfType(holds.column, value))
        found.push(`${at}: ${JSON.stringify(value)} is not of type ${holds.column.dataType}`);
    } else if (holds.many && !Array.isArray(value)) found.push(`${at}: not a list`);
    else
      (holds.many ? (value as unknown[]) : [value]).forEach((nested, i) =>
        found.push(...rowMismatches(holds.shape, holds.shape.fromJson(nested as never), `${at}[${i}].`)),
      );
  }
  return found;
}

/** A `run` that records every row each statement text returned, for checking them against their shapes after. */
export function recordingRun(run: RunStatement) {
  const rowsByText = new Map<string, Record<string, unknown>[]>();
  const recording: RunStatement = async <Row>(text: string, values: readonly unknown[]) => {
    const rows = await run<Row>(text, values);
    rowsByText.set(text, [...(rowsByText.get(text) ?? []), ...(rows as Record<string, unknown>[])]);
    return rows;
  };
  /** How many rows `statement` returned while recording, and where they break its shape. */
  const checked = (statement: Statement<never, unknown>) => {
    const rows = rowsByText.get(statement.text) ?? [];
    return { rows: rows.length, mismatches: rows.flatMap((row) => rowMismatches(statement.rows!, row)) };
  };
  return { run: recording, checked };
}
