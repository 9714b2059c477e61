import { generateMathItem, MATH_DIFFICULTIES, mathItemId, parseMathItemId } from '@vidya/content';
import type { CourseKey } from '@vidya/contracts';
import {
  difficultyFromPrior,
  groupBySkill,
  itemDifficulty,
  type Candidates,
  type ItemStats,
  type TracedItem,
} from '@vidya/engine';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { item, passage, skill } from '#src/db/schema/index.ts';
import type { StoredItem } from './quiz-sql.ts';

const AUTHORED_MAX_DIFFICULTY = 3;
const GENERATED_MAX_DIFFICULTY = 5;
export const GENERATED_VERSION = 'g1';

/** A candidate question: what the engine needs, and the key its difficulty statistics are kept under. */
export interface Candidate {
  traced: TracedItem;
  statsKey: string;
  priorDifficulty: number;
}

/** FNV-1a: a stable 32-bit seed from text, so a quiz position always offers the same generated questions. */
function seedFrom(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Generated items share statistics per skill and level: every seed of a level is equally hard by design. */
export const generatedStatsKey = (skill: string, difficulty: number) => `math:${skill}:${difficulty}`;

/** A skill of a course as the quiz calls need it. */
export interface CourseSkill {
  id: string;
  name: string;
  prerequisites: string[];
}

/** A stored question with its reading passage, if any. */
export interface ItemContent {
  item: typeof item.$inferSelect;
  passage: typeof passage.$inferSelect | null;
}

const contentKey = (id: string, version: string) => `${id}\u0000${version}`;

/**
 * The questions a quiz may ask: the live authored items of a course, or for mathematics one freshly seeded
 * question per skill and level. It also keeps each course's skills and the live authored items' content, so the
 * quiz calls need not read them per request: the catalogue only changes when the server starts (db/seed.ts).
 */
export class ItemBank {
  private constructor(
    private readonly authored: Map<string, Candidate[]>,
    private readonly skills: Map<string, CourseSkill[]>,
    private readonly content: Map<string, ItemContent>,
    private readonly liveVersions: Map<string, string>,
  ) {}

  private readonly tracedAuthored = new WeakMap<StatsMap, Map<string, Map<string, TracedItem[]>>>();

  /** Reads the live authored items and the skills of every course from the database. */
  static async load(db: Db): Promise<ItemBank> {
    const contentRows = await db
      .select({ item, passage })
      .from(item)
      .leftJoin(passage, and(eq(passage.id, item.passageId), eq(passage.version, item.passageVersion)))
      .where(and(eq(item.source, 'authored'), isNull(item.retiredAt)));
    const skillRows = await db.select().from(skill).orderBy(asc(skill.courseKey), asc(skill.sortOrder));
    return ItemBank.of(contentRows, skillRows);
  }

  /** The bank of these live authored items and skills (in catalogue order), as `load` reads them. */
  static of(
    contentRows: readonly ItemContent[],
    skillRows: readonly (CourseSkill & { courseKey: string })[],
  ): ItemBank {
    const authored = new Map<string, Candidate[]>();
    const content = new Map<string, ItemContent>();
    const liveVersions = new Map<string, string>();
    for (const row of contentRows) {
      const { id, courseKey, skillId, difficulty, kind, choices, version } = row.item;
      const priorDifficulty = difficultyFromPrior(difficulty, AUTHORED_MAX_DIFFICULTY);
      const list = authored.get(courseKey) ?? [];
      list.push({
        traced: {
          id,
          skills: [skillId],
          difficulty: priorDifficulty,
          priorDifficulty,
          levelDifficulty: priorDifficulty,
          guess: guessOf(kind, choices),
        },
        statsKey: id,
        priorDifficulty,
      });
      authored.set(courseKey, list);
      content.set(contentKey(id, version), row);
      liveVersions.set(id, version);
    }
    const skills = new Map<string, CourseSkill[]>();
    for (const s of skillRows) {
      const list = skills.get(s.courseKey) ?? [];
      list.push({ id: s.id, name: s.name, prerequisites: s.prerequisites });
      skills.set(s.courseKey, list);
    }
    return new ItemBank(authored, skills, content, liveVersions);
  }

  /** The course's skills in catalogue order. */
  skillsOf(course: string): readonly CourseSkill[] {
    return this.skills.get(course) ?? [];
  }

  /** A skill's display name, or its id when the course has no such skill. */
  skillName(course: string, id: string): string {
    return this.skillsOf(course).find((s) => s.id === id)?.name ?? id;
  }

  /** The live version of an authored item, if it has one. */
  liveVersion(id: string): string | undefined {
    return this.liveVersions.get(id);
  }

  /** A live authored item's content; undefined for generated items and retired versions (read those stored). */
  contentOf(id: string, version: string): ItemContent | undefined {
    return this.content.get(contentKey(id, version));
  }

  /**
   * The candidates for one quiz position as the engine sees them, one skill at a time (selection asks only for the
   * skills it considers), with their difficulty under the statistics `stats`. Generated mathematics questions are
   * built for a skill when asked for; the authored ones are built once per course and statistics snapshot — the
   * same objects every call, so the engine keeps what it compiled for each item instead of compiling every
   * candidate on every call.
   */
  traced(course: CourseKey, quizId: string, position: number, stats: StatsMap): Candidates {
    const build = (candidates: readonly Candidate[]) =>
      candidates.map((c) => ({ ...c.traced, ...difficultyView(statsUnder(c, stats)) }));
    if (course === 'mathematics') return (skill) => build(this.candidates(course, quizId, position, [skill]));
    let byCourse = this.tracedAuthored.get(stats);
    if (!byCourse) this.tracedAuthored.set(stats, (byCourse = new Map<string, Map<string, TracedItem[]>>()));
    let bySkill = byCourse.get(course);
    if (!bySkill) {
      bySkill = groupBySkill(build(this.authored.get(course) ?? []));
      byCourse.set(course, bySkill);
    }
    const found = bySkill;
    return (skill) => found.get(skill) ?? [];
  }

  /** Candidates for one quiz position; `skills` limits generated mathematics to the course's skills. */
  candidates(course: CourseKey, quizId: string, position: number, skills: readonly string[]): Candidate[] {
    if (course !== 'mathematics') return this.authored.get(course) ?? [];
    return skills.flatMap((skill) =>
      MATH_DIFFICULTIES.map((difficulty) => {
        const seed = seedFrom(`${quizId}:${position}:${skill}:${difficulty}`);
        const priorDifficulty = difficultyFromPrior(difficulty, GENERATED_MAX_DIFFICULTY);
        return {
          // Free-text answers: no lucky guess.
          traced: {
            id: mathItemId(skill, difficulty, seed),
            skills: [skill],
            difficulty: priorDifficulty,
            priorDifficulty,
            levelDifficulty: priorDifficulty,
            guess: 0,
          },
          statsKey: generatedStatsKey(skill, difficulty),
          priorDifficulty,
        };
      }),
    );
  }
}

/**
 * An item's stored statistics: counts, calibration sums, and the prior a model fit stored before decision 017 gave it
 * (null otherwise: its content level's prior).
 */
export interface StoredStats {
  attempts: number;
  correct: number;
  residual: number;
  information: number;
  priorDifficulty?: number | null;
}

export type StatsMap = ReadonlyMap<string, StoredStats>;

/** The chance of a lucky guess on an item: one in the number of choices for multiple choice, none for free text. */
export function guessOf(kind: string, choices: readonly string[] | null): number {
  return kind === 'choice' && choices !== null && choices.length > 0 ? 1 / choices.length : 0;
}

/**
 * Every item's statistics, read whole at most every `maxAgeMs` (decision 004). They only refine difficulty
 * estimates that thousands of answers shape, so choosing a question on figures a few seconds old changes nothing a
 * learner could notice, and it spares every `next` a read of hundreds of rows. The first call waits for the read;
 * later ones get the last figures while a newer read runs. Answers still count in the database at once.
 */
export class ItemStatsCache {
  private stats: StatsMap = new Map();
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly read: () => Promise<(StoredStats & { itemId: string })[]>,
    private readonly maxAgeMs = 5_000,
  ) {}

  private refresh(): Promise<void> {
    this.reading ??= this.read()
      .then((rows) => {
        this.stats = new Map(rows.map((r) => [r.itemId, r]));
        this.readAt = Date.now();
      })
      .finally(() => (this.reading = undefined));
    return this.reading;
  }

  async current(): Promise<StatsMap> {
    if (Date.now() - this.readAt <= this.maxAgeMs) return this.stats;
    if (this.readAt === Number.NEGATIVE_INFINITY) await this.refresh();
    // A failed background read keeps the last figures; the next call tries again.
    else this.refresh().catch(() => undefined);
    return this.stats;
  }
}

/**
 * The engine's item statistics of a candidate: its stored figures (none yet: zeros), and as its prior the difficulty
 * a model fit stored before decision 017 gave the item, else the candidate's content prior (decisions 010, 017).
 */
export function statsFor(
  candidate: Pick<Candidate, 'priorDifficulty'>,
  stored: StoredStats | undefined,
): ItemStats {
  return {
    attempts: stored?.attempts ?? 0,
    correct: stored?.correct ?? 0,
    residual: stored?.residual ?? 0,
    information: stored?.information ?? 0,
    priorDifficulty: stored?.priorDifficulty ?? candidate.priorDifficulty,
  };
}

/** A candidate's statistics under a statistics snapshot. */
export function statsUnder(candidate: Candidate, stats: StatsMap): ItemStats {
  return statsFor(candidate, stats.get(candidate.statsKey));
}

/**
 * What the engine is told of an item's difficulty: the calibrated value, its prior and the attempts behind it, and
 * (for an answered item) the difficulty its content level stands for, which the mastery bar's typical item follows.
 */
export interface DifficultyView {
  difficulty: number;
  priorDifficulty: number;
  evidence: number;
  levelDifficulty?: number;
}

/** The difficulty the engine is told under an item's statistics. */
export const difficultyView = (stats: ItemStats): DifficultyView => ({
  difficulty: itemDifficulty(stats),
  priorDifficulty: stats.priorDifficulty,
  evidence: stats.attempts,
});

/**
 * The answered item as the engine sees it: its calibrated difficulty under the statistics read (with the prior it is
 * calibrated from and the attempts behind it) and its chance of a lucky guess; without statistics (an item no longer
 * in the bank) the engine uses its own difficulty.
 */
export function answeredItem(
  row: { id: string; kind: string; choices: readonly string[] | null },
  skillId: string,
  difficulty: DifficultyView | undefined,
): TracedItem {
  return { id: row.id, skills: [skillId], guess: guessOf(row.kind, row.choices), ...difficulty };
}

/** The statistics key of an item, from its stored row. */
export const statsKeyOf = (row: { id: string; source: string; skillId: string; difficulty: number }) =>
  row.source === 'generated' ? generatedStatsKey(row.skillId, row.difficulty) : row.id;

/** A generated mathematics item's row, from its id (the seed, skill and level are in it). */
export function generatedItem(itemId: string): StoredItem {
  const parsed = parseMathItemId(itemId)!;
  const g = generateMathItem(parsed.skill, parsed.difficulty, parsed.seed);
  return {
    id: itemId,
    version: GENERATED_VERSION,
    kind: 'free_text',
    prompt: g.prompt,
    choices: null,
    answer: g.answer,
    answerForm: g.answerForm,
    explanation: g.explanation,
    difficulty: g.difficulty,
    source: 'generated',
    skillId: g.skill,
  };
}

export { GENERATED_MAX_DIFFICULTY, AUTHORED_MAX_DIFFICULTY };
