import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { course, item, passage, skill } from '#src/db/schema/index.ts';
import { ContentIndex, type ContentDocument } from './offline/retrieval.ts';

/** A skill's notes, as the tutor quotes them. */
export interface SkillNote {
  course: string;
  courseTitle: string;
  id: string;
  name: string;
  description: string;
}

/** An authored question with its answer, for worked examples of similar questions. */
export interface ExampleItem {
  id: string;
  course: string;
  skillId: string;
  prompt: string;
  choices: string[] | null;
  answer: string;
  explanation: string;
}

/** The course content the offline tutor answers from, read once from the seeded catalogue. */
export interface TutorContent {
  index: ContentIndex;
  courseTitles: Map<string, string>;
  skills: Map<string, SkillNote>;
  examplesBySkill: Map<string, ExampleItem[]>;
}

export const skillKey = (courseKey: string, skillId: string) => `${courseKey}:${skillId}`;

/** Builds the search index from the live catalogue: skill notes, question explanations and reading passages. */
export async function loadTutorContent(db: Db): Promise<TutorContent> {
  const courses = await db.select().from(course).orderBy(asc(course.sortOrder));
  const courseTitles = new Map(courses.map((c) => [c.key, c.title]));
  const title = (key: string) => courseTitles.get(key) ?? key;
  const skillRows = await db.select().from(skill).orderBy(asc(skill.courseKey), asc(skill.sortOrder));
  const skills = new Map<string, SkillNote>();
  const documents: ContentDocument[] = [];
  for (const s of skillRows) {
    const note = {
      course: s.courseKey,
      courseTitle: title(s.courseKey),
      id: s.id,
      name: s.name,
      description: s.description,
    };
    skills.set(skillKey(s.courseKey, s.id), note);
    documents.push({
      id: `skill:${s.courseKey}:${s.id}`,
      course: note.courseTitle,
      kind: 'skill',
      source: `${s.name} (skill notes)`,
      text: `${s.name}. ${s.description}`,
    });
  }
  const items = await db
    .select()
    .from(item)
    .where(and(eq(item.source, 'authored'), isNull(item.retiredAt)))
    .orderBy(asc(item.id));
  const examplesBySkill = new Map<string, ExampleItem[]>();
  for (const row of items) {
    const key = skillKey(row.courseKey, row.skillId);
    const list = examplesBySkill.get(key) ?? [];
    list.push({
      id: row.id,
      course: row.courseKey,
      skillId: row.skillId,
      prompt: row.prompt,
      choices: row.choices,
      answer: row.answer,
      explanation: row.explanation,
    });
    examplesBySkill.set(key, list);
    documents.push({
      id: `item:${row.id}`,
      course: title(row.courseKey),
      kind: 'explanation',
      source: `${skills.get(key)?.name ?? row.skillId} (a question's explanation)`,
      text: row.explanation,
      itemId: row.id,
    });
  }
  const passages = await db.select().from(passage).where(isNull(passage.retiredAt));
  for (const p of passages) {
    for (const [n, paragraph] of p.text.split(/\n\s*\n/).entries()) {
      if (!paragraph.trim()) continue;
      documents.push({
        id: `passage:${p.id}:${n}`,
        course: title('english'),
        kind: 'passage',
        source: `the reading passage “${p.title}”`,
        text: paragraph.trim(),
      });
    }
  }
  return { index: new ContentIndex(documents), courseTitles, skills, examplesBySkill };
}
