import type { Catalogue } from '@vidya/content';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { course, item, passage, skill } from './schema/index.ts';

const BATCH = 200;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

export interface SeedResult {
  courses: number;
  skills: number;
  items: number;
  passages: number;
  newItemVersions: number;
}

/**
 * Loads the content catalogue into the database; safe to run on every start. Courses and skills are upserted;
 * items and passages are inserted by (id, version), and a version no longer in the catalogue is retired.
 */
export async function seedCatalogue(db: Db, catalogue: Catalogue): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    for (const c of catalogue.courses) {
      const values = {
        key: c.key,
        title: c.title,
        subject: c.subject,
        sortOrder: c.sortOrder,
        source: c.source,
      };
      await tx.insert(course).values(values).onConflictDoUpdate({ target: course.key, set: values });
    }
    const order = new Map<string, number>();
    for (const rows of chunks(catalogue.skills)) {
      await tx
        .insert(skill)
        .values(
          rows.map((s) => {
            const n = order.get(s.course) ?? 0;
            order.set(s.course, n + 1);
            return {
              id: s.id,
              courseKey: s.course,
              name: s.name,
              description: s.description,
              gradeFrom: s.grades[0],
              gradeTo: s.grades[1],
              prerequisites: s.prerequisites,
              sortOrder: n,
            };
          }),
        )
        .onConflictDoUpdate({
          target: [skill.courseKey, skill.id],
          set: {
            name: sql`excluded.name`,
            description: sql`excluded.description`,
            gradeFrom: sql`excluded.grade_from`,
            gradeTo: sql`excluded.grade_to`,
            prerequisites: sql`excluded.prerequisites`,
            sortOrder: sql`excluded.sort_order`,
          },
        });
    }

    for (const rows of chunks(catalogue.passages)) {
      await tx
        .insert(passage)
        .values(
          rows.map((p) => ({ id: p.id, version: p.version, title: p.title, kind: p.kind, text: p.text })),
        )
        .onConflictDoNothing();
    }
    const passageVersion = new Map(catalogue.passages.map((p) => [p.id, p.version]));
    let newItemVersions = 0;
    for (const rows of chunks(catalogue.items)) {
      const inserted = await tx
        .insert(item)
        .values(
          rows.map((i) => ({
            id: i.id,
            version: i.version,
            courseKey: i.course,
            skillId: i.skill,
            kind: 'choice',
            prompt: i.prompt,
            choices: i.choices,
            answer: String(i.answer),
            explanation: i.explanation,
            passageId: i.passageId ?? null,
            passageVersion: i.passageId ? (passageVersion.get(i.passageId) ?? null) : null,
            difficulty: i.difficulty,
            source: 'authored',
          })),
        )
        .onConflictDoNothing()
        .returning({ id: item.id });
      newItemVersions += inserted.length;
    }

    // Retire every authored version the catalogue no longer holds (edited or removed items).
    const live = catalogue.items.map((i) => `${i.id}@${i.version}`);
    await tx
      .update(item)
      .set({ retiredAt: new Date() })
      .where(
        and(
          eq(item.source, 'authored'),
          isNull(item.retiredAt),
          live.length ? notInArray(sql`${item.id} || '@' || ${item.version}`, live) : undefined,
        ),
      );
    const livePassages = catalogue.passages.map((p) => `${p.id}@${p.version}`);
    await tx
      .update(passage)
      .set({ retiredAt: new Date() })
      .where(
        and(
          isNull(passage.retiredAt),
          livePassages.length
            ? notInArray(sql`${passage.id} || '@' || ${passage.version}`, livePassages)
            : undefined,
        ),
      );
    return {
      courses: catalogue.courses.length,
      skills: catalogue.skills.length,
      items: catalogue.items.length,
      passages: catalogue.passages.length,
      newItemVersions,
    };
  });
}
