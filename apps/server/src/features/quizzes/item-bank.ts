import { MATH_DIFFICULTIES, mathItemId } from '@vidya/content';
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
    const rows = await db
      .select({
        id: item.id,
        course: item.courseKey,
        skill: item.skillId,
        difficulty: item.difficulty,
        kind: item.kind,
        choices: item.choices,
      })
      .from(item)
      .where(and(eq(item.source, 'authored'), isNull(item.retiredAt)));
    const authored = new Map<string, Candidate[]>();
    for (const row of rows) {
      const priorDifficulty = difficultyFromPrior(row.difficulty, AUTHORED_MAX_DIFFICULTY);
      const list = authored.get(row.course) ?? [];
      list.push({
        traced: {
          id: row.id,
          skills: [row.skill],
          difficulty: priorDifficulty,
          priorDifficulty,
          guess: guessOf(row.kind, row.choices),
        },
        statsKey: row.id,
        priorDifficulty,
      });
      authored.set(row.course, list);
    }
    const skills = new Map<string, CourseSkill[]>();
    const skillRows = await db.select().from(skill).orderBy(asc(skill.courseKey), asc(skill.sortOrder));
    for (const s of skillRows) {
      const list = skills.get(s.courseKey) ?? [];
      list.push({ id: s.id, name: s.name, prerequisites: s.prerequisites });
      skills.set(s.courseKey, list);
    }
    const contentRows = await db
      .select({ item, passage })
      .from(item)
      .leftJoin(passage, and(eq(passage.id, item.passageId), eq(passage.version, item.passageVersion)))
      .where(and(eq(item.source, 'authored'), isNull(item.retiredAt)));
    const content = new Map<string, ItemContent>();
    const liveVersions = new Map<string, string>();
    for (const row of contentRows) {
      content.set(contentKey(row.item.id, row.item.version), row);
      liveVersions.set(row.item.id, row.item.version);
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
      candidates.map((c) => {
        const itemStats = statsUnder(c, stats);
        return {
          ...c.traced,
          difficulty: itemDifficulty(itemStats),
          priorDifficulty: itemStats.priorDifficulty,
          evidence: itemStats.attempts,
        };
      });
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
 * An item's stored statistics: counts, calibration sums, and the newest model fit's difficulty (null before a fit
 * saw the item).
 */
export interface StoredStats {
  attempts: number;
  correct: number;
  residual: number;
  information: number;
  priorDifficulty?: number | null;
}

type StatsMap = ReadonlyMap<string, StoredStats>;

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
 * The engine's item statistics of a candidate: its stored figures (none yet: zeros), and as its prior the newest
 * model fit's difficulty when a fit has seen the item, else the candidate's content prior (decision 010).
 */
export function statsFor(candidate: Candidate, stored: StoredStats | undefined): ItemStats {
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

export { GENERATED_MAX_DIFFICULTY, AUTHORED_MAX_DIFFICULTY };
