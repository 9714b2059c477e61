import { describe, expect, expectTypeOf, it } from 'vitest';
import { rowMismatches } from '#src/testing/row-shapes.ts';
import { quizSession, session } from './schema/index.ts';
import { columnOf, json, params, raw, shape, sql, statement, type RowOf } from './sql.ts';

describe('statements with named parameters', () => {
  const p = params({ id: 'uuid', score: 'smallint', note: 'text?', state: json<{ a: number }>() });
  const inner = sql`score = ${p.score}`;
  const UPDATE = statement()(
    sql`update t set ${inner}, note = ${p.note}, state = ${p.state} where id = ${p.id} and ${raw('true')} and score < ${p.score} + 1`,
  );

  it('compiles once to $n placeholders, one per name however often it is used, with its cast', () => {
    expect(UPDATE.text).toBe(
      'update t set score = $1::smallint, note = $2::text, state = $3::text::jsonb where id = $4::uuid and true and score < $1::smallint + 1',
    );
  });

  it('orders a call’s values by name and passes JSON as text', () => {
    expect(UPDATE.values({ id: 'q', score: 3, note: null, state: { a: 1 } })).toEqual([
      3,
      null,
      '{"a":1}',
      'q',
    ]);
    expect(UPDATE.values({ id: 'q', score: 3, note: 'x', state: undefined as never })).toEqual([
      3,
      'x',
      null,
      'q',
    ]);
  });

  it('refuses a call without one of its values', () => {
    expect(() => UPDATE.values({ id: 'q', score: 3, note: null } as never)).toThrow(
      'parameter state is missing',
    );
  });

  it('refuses one name with two types', () => {
    const other = params({ id: 'text' });
    expect(() => statement()(sql`${p.id} ${other.id}`)).toThrow('parameter id has two types');
  });
});

describe('row shapes', () => {
  const p = params({ course: 'text' });
  const ROWS = shape('q', {
    answered: quizSession.answered,
    finishedAt: quizSession.finishedAt,
    expiresAt: columnOf('s', session.expiresAt),
    modelState: sql`case when q.course_key = ${p.course} then 1 end`.as<number | null>(),
  });

  it('select their fields by name, as columns or as one JSON object', () => {
    const READ = statement(ROWS)(sql`select ${ROWS.columns} from quiz_session q`);
    expect(READ.text).toBe(
      'select q.answered as "answered", q.finished_at as "finishedAt", s.expires_at as "expiresAt", ' +
        'case when q.course_key = $1::text then 1 end as "modelState" from quiz_session q',
    );
    expect(statement()(sql`select ${ROWS.json}`).text).toBe(
      "select json_build_object('answered', q.answered, 'finishedAt', q.finished_at, 'expiresAt', s.expires_at, " +
        "'modelState', case when q.course_key = $1::text then 1 end)",
    );
    expectTypeOf<RowOf<typeof ROWS>>().toEqualTypeOf<{
      answered: number;
      finishedAt: Date | null;
      expiresAt: Date;
      modelState: number | null;
    }>();
    expectTypeOf<Parameters<typeof READ.values>[0]>().toEqualTypeOf<{ course: string }>();
  });

  it('refuse a statement that does not select the columns of its shape', () => {
    expect(() => statement(ROWS)(sql`select q.answered from quiz_session q`)).toThrow(
      'a statement does not select the columns of its row shape',
    );
  });

  it('revive timestamps from JSON', () => {
    const row = ROWS.fromJson({
      answered: 1,
      finishedAt: null,
      expiresAt: '2026-11-25T10:00:00Z',
      modelState: 1,
    });
    expect(row.expiresAt).toEqual(new Date('2026-11-25T10:00:00Z'));
  });

  it('tell a row that breaks its declaration', () => {
    const fine = { answered: 1, finishedAt: null, expiresAt: new Date(), modelState: null };
    expect(rowMismatches(ROWS, fine)).toEqual([]);
    expect(rowMismatches(ROWS, { answered: '1', finishedAt: null, expiresAt: null, extra: true })).toEqual([
      'extra: not declared',
      'answered: "1" is not of type number',
      'expiresAt: null',
      'modelState: missing',
    ]);
  });
});
