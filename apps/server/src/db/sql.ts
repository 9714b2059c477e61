import type { Column, GetColumnData } from 'drizzle-orm';

/**
 * Fixed SQL with named parameters, for the few hot statements that run outside drizzle (decision 004, 013).
 *
 * A statement is written once as a tagged template: `sql\`... where q.id = ${quizId} ...\`` with parameters declared
 * by `params({ quizId: 'uuid', ... })`, fragments (other `sql` templates, a feature's shared conditions) and
 * `raw` constants. `statement(...)` compiles it once, at module load, to PostgreSQL text with `$n` placeholders (one
 * per name, however often it is used) and the order of the names; each call then passes an object of values by name,
 * so a value can no longer land in another column's place. The text is the same on every call, so the database still
 * prepares it once per connection, and it is still one statement, one round trip.
 *
 * What a statement returns is declared once too, as a row shape (`shape('q', { answered: quizSession.answered, ... })`,
 * below): its fields give both the rows' TypeScript type (from the drizzle columns, or the type an expression is
 * declared with) and the select list (`columns`) or JSON object (`json`) that the statement selects.
 */

/** The SQL types a parameter may have, as written in its cast; `?` admits null. */
type BaseType =
  'text' | 'uuid' | 'smallint' | 'int' | 'real' | 'float8' | 'boolean' | 'timestamptz' | 'text[]';
type ScalarOf<S extends BaseType> = S extends 'text' | 'uuid'
  ? string
  : S extends 'smallint' | 'int' | 'real' | 'float8'
    ? number
    : S extends 'boolean'
      ? boolean
      : S extends 'timestamptz'
        ? Date
        : readonly string[];
export type ParamType = BaseType | `${BaseType}?`;
type TsOf<S extends ParamType> = S extends `${infer B extends BaseType}?`
  ? ScalarOf<B> | null
  : ScalarOf<S & BaseType>;

/**
 * A JSON parameter of TypeScript type T: passed as text and cast to jsonb in SQL, so every driver stores the same;
 * `undefined` is SQL null (`null` is JSON's null).
 */
export interface JsonType<T> {
  json: true;
  /** Type only. */
  readonly _value?: T;
}
export const json = <T>(): JsonType<T> => ({ json: true });

/** A named parameter; T is the TypeScript type of its value. */
export class Param<N extends string = string, T = unknown> {
  declare readonly _value: T;
  constructor(
    readonly name: N,
    /** The cast written after `$n`. */
    readonly cast: string,
    /** The value as the driver is given it (typed loosely so that parameters of any type fit one `Part`). */
    readonly encode: (value: never) => unknown,
  ) {}
}

/** SQL text written as is: constants of ours, never input. */
export class Raw {
  constructor(readonly text: string) {}
}
export const raw = (text: string | number) => new Raw(String(text));

/** What a template may hold: a parameter, a fragment or a constant. */
export type Part = Param | Fragment<object> | Raw;

/** A piece of SQL and the parameters it uses (P: their values by name). */
export class Fragment<P extends object = object> {
  declare readonly _params: P;
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly Part[],
  ) {}

  /** This SQL as a row shape's field of TypeScript type T (`date`: a timestamp, revived from JSON as a Date). */
  as<T>(options: { date?: boolean } = {}): Expr<T, P> {
    return new Expr<T, P>(this, options.date ?? false);
  }
}

type ParamsOf<V> =
  V extends Param<infer N, infer T>
    ? { [K in N]: T }
    : V extends Fragment<infer P>
      ? P
      : Record<never, never>;
type Intersect<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type ParamsOfAll<V extends readonly unknown[]> = Simplify<Intersect<ParamsOf<V[number]>> & object>;

export function sql<V extends readonly Part[]>(
  strings: TemplateStringsArray,
  ...values: V
): Fragment<ParamsOfAll<V>> {
  return new Fragment(strings, values);
}

/** Declares named parameters by SQL type: `params({ quizId: 'uuid', learnerState: json<LearnerModelState>() })`. */
export function params<D extends Record<string, ParamType | JsonType<unknown>>>(
  declared: D,
): {
  [K in keyof D & string]: Param<K, D[K] extends JsonType<infer T> ? T : TsOf<D[K] & ParamType>>;
} {
  const out: Record<string, Param> = {};
  for (const [name, type] of Object.entries(declared)) {
    out[name] =
      typeof type === 'object'
        ? new Param(name, 'text::jsonb', (v: unknown) => (v === undefined ? null : JSON.stringify(v)))
        : new Param(name, type.replace('?', ''), (v: unknown) => v);
  }
  return out as never;
}

/** The values of parameters declared by `params`, by name: what a call passes for them. */
export type ValuesOf<D> = { [K in keyof D]: D[K] extends Param<string, infer T> ? T : never };

/**
 * A compiled statement: its text, and how to order a call's values. Row is the type of its result rows, those of the
 * shape `rows`, whose `columns` it must select (it fails when compiled, at module load, if it does not).
 */
export class Statement<P extends object, Row> {
  readonly text: string;
  private readonly order: Param[];

  constructor(
    fragment: Fragment<P>,
    readonly rows?: Shape<Fields>,
  ) {
    const order: Param[] = [];
    const numbers = new Map<string, number>();
    let selectsRows = false;
    const render = (f: Fragment<object>): string =>
      f.strings.reduce((text, s, i) => {
        const v = f.values[i - 1]!;
        let piece: string;
        if (v instanceof Raw) piece = v.text;
        else if (v instanceof Fragment) {
          if (v === rows?.columns) selectsRows = true;
          piece = render(v);
        } else {
          let n = numbers.get(v.name);
          if (n === undefined) {
            order.push(v);
            n = order.length;
            numbers.set(v.name, n);
          } else if (order[n - 1]!.cast !== v.cast) throw new Error(`parameter ${v.name} has two types`);
          piece = `$${n}::${v.cast}`;
        }
        return text + piece + s;
      });
    this.text = render(fragment);
    this.order = order;
    if (rows && !selectsRows) throw new Error('a statement does not select the columns of its row shape');
  }

  /** The values in placeholder order, encoded. */
  values(given: P): unknown[] {
    const byName = given as Record<string, unknown>;
    return this.order.map((p) => {
      if (!(p.name in byName)) throw new Error(`parameter ${p.name} is missing`);
      return (p.encode as (v: unknown) => unknown)(byName[p.name]);
    });
  }

  /** Runs it once with these values. */
  async run(runner: RunStatement, given: P): Promise<Row[]> {
    return runner<Row>(this.text, this.values(given));
  }
}

/**
 * `statement(ROWS)(sql\`select ${ROWS.columns} from ...\`)`: a statement whose rows are of shape `ROWS` (it must
 * select the shape's `columns`); `statement()(...)`: one whose rows are not read.
 */
export function statement(): <P extends object>(fragment: Fragment<P>) => Statement<P, never>;
export function statement<F extends Fields>(
  rows: Shape<F>,
): <P extends object>(fragment: Fragment<P>) => Statement<P, RowOf<Shape<F>>>;
export function statement(rows?: Shape<Fields>) {
  return <P extends object>(fragment: Fragment<P>) => new Statement(fragment, rows);
}

/**
 * Runs one fixed SQL text with `$n` parameters outside drizzle; on PostgreSQL it is prepared once per connection.
 */
export type RunStatement = <Row>(text: string, params: readonly unknown[]) => Promise<Row[]>;

// ---- Row shapes: one declaration gives a row's TypeScript type and the SQL that selects it, as columns or as JSON.

/**
 * An SQL expression of TypeScript type T that uses parameters P, for a shape's field: `sql\`...\`.as<T>()`, a column of
 * another table of the query (`columnOf`, typed by its drizzle column), or rows of a shape as JSON (`agg`, `one`).
 */
export class Expr<T, P extends object = object> {
  declare readonly _value: T;
  declare readonly _params: P;
  constructor(
    readonly text: Fragment<P>,
    /** Whether the value is a timestamp (revived from JSON text as a Date). */
    readonly date: boolean,
    /** What the value holds, for checking rows against their declaration (testing/row-shapes.ts). */
    readonly holds?:
      { column: Column; nullable: boolean } | { shape: Shape<Fields>; many: boolean; nullable: boolean },
  ) {}

  /** The same expression where an outer join may find no row: null then. */
  orNull(): Expr<T | null, P> {
    return new Expr<T | null, P>(this.text, this.date, this.holds && { ...this.holds, nullable: true });
  }
}

/** Column `column` of the table aliased `alias`, for a shape's field from another table than the shape's own. */
export const columnOf = <C extends Column>(alias: string, column: C) =>
  new Expr<GetColumnData<C>>(new Fragment([`${alias}.${column.name}`], []), column.dataType === 'date', {
    column,
    nullable: false,
  });

/** A shape's fields by name: drizzle columns of the shape's table, or expressions. */
export type Fields = Record<string, Column | Expr<unknown>>;
type FieldValue<F> = F extends Column ? GetColumnData<F> : F extends Expr<infer T> ? T : never;
type FieldParams<F> = F extends Expr<unknown, infer P> ? P : Record<never, never>;
type ParamsOfFields<F extends Fields> = Simplify<Intersect<FieldParams<F[keyof F]>> & object>;
type RowOfFields<F extends Fields> = { [K in keyof F]: FieldValue<F[K]> };
/** The TypeScript type of a shape's rows. */
export type RowOf<S> = S extends Shape<infer F> ? RowOfFields<F> : never;

/** A JSON value as it arrives, before dates are revived (they arrive as text). */
export type JsonRow<R> = {
  [K in keyof R]: R[K] extends Date ? string : R[K] extends Date | null ? string | null : R[K];
};

/** Pieces of SQL text and fragments, joined into one fragment. */
function joined(pieces: readonly (string | Fragment<object>)[]): Fragment<object> {
  const strings = [''];
  const values: Part[] = [];
  for (const piece of pieces) {
    if (typeof piece === 'string') strings[strings.length - 1] += piece;
    else {
      values.push(piece);
      strings.push('');
    }
  }
  return new Fragment(strings, values);
}

/**
 * A row shape: named fields, each a drizzle column of the table aliased `alias` or an expression. The TypeScript type
 * of its rows (`RowOf`) and what SQL selects (`columns`, `json`) both come from this one declaration, so a field cannot
 * be selected under another name or left out; a statement typed by a shape must select its `columns`.
 */
export class Shape<F extends Fields> {
  /** `expression as "field", ...`: the shape's select list. */
  readonly columns: Fragment<ParamsOfFields<F>>;
  /** `json_build_object('field', expression, ...)`: a row as one JSON object. */
  readonly json: Fragment<ParamsOfFields<F>>;
  private readonly dates: string[];

  constructor(
    readonly alias: string,
    readonly fields: F,
  ) {
    const entries = Object.entries(fields).map(
      ([key, f]) => [key, f instanceof Expr ? f : columnOf(alias, f)] as const,
    );
    this.dates = entries.filter(([, e]) => e.date).map(([key]) => key);
    this.columns = joined(entries.flatMap(([key, e], i) => [i ? ', ' : '', e.text, ` as "${key}"`])) as never;
    this.json = joined([
      'json_build_object(',
      ...entries.flatMap(([key, e], i) => [i ? ', ' : '', `'${key}', `, e.text]),
      ')',
    ]) as never;
  }

  /** The rows `from` (`from ... where ...`) as one JSON array, `[]` when there are none; in `orderBy` order if given. */
  agg<P extends object>(
    from: Fragment<P>,
    orderBy?: string,
  ): Expr<JsonRow<RowOfFields<F>>[], ParamsOfFields<F> & P> {
    const order = orderBy ? ` order by ${orderBy}` : '';
    const text = joined(['(select coalesce(json_agg(', this.json, `${order}), '[]'::json) `, from, ')']);
    return new Expr(text, false, { shape: this, many: true, nullable: false }) as never;
  }

  /** The row `from` (`from ... where ...`) as one JSON object, null when there is none. */
  one<P extends object>(from: Fragment<P>): Expr<JsonRow<RowOfFields<F>> | null, ParamsOfFields<F> & P> {
    const text = joined(['(select ', this.json, ' ', from, ')']);
    return new Expr(text, false, { shape: this, many: false, nullable: true }) as never;
  }

  /** The row from its JSON object. */
  fromJson(row: JsonRow<RowOfFields<F>>): RowOfFields<F> {
    if (this.dates.length === 0) return row as RowOfFields<F>;
    const out: Record<string, unknown> = { ...row };
    for (const k of this.dates)
      if (out[k] !== null && out[k] !== undefined) out[k] = new Date(out[k] as string);
    return out as RowOfFields<F>;
  }
}

/** A row shape over the table aliased `alias` (see `Shape`), or of expressions only. */
export function shape<F extends Fields>(alias: string, fields: F): Shape<F>;
export function shape<F extends Record<string, Expr<unknown>>>(fields: F): Shape<F>;
export function shape(alias: string | Fields, fields?: Fields): Shape<Fields> {
  return typeof alias === 'string' ? new Shape(alias, fields!) : new Shape('', alias);
}
