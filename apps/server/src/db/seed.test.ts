import { loadCatalogue, type Catalogue } from '@vidya/content';
import { and, count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#src/config.ts';
import { course, item, passage, skill } from './schema/index.ts';
import { seedCatalogue } from './seed.ts';
import { database, useTestDatabase } from '#src/testing/test-server.ts';

let catalogue: Catalogue;

useTestDatabase();
beforeAll(async () => {
  catalogue = loadCatalogue(loadConfig({}).contentDir);
});

const liveItems = async () =>
  (await database.db.select({ n: count() }).from(item).where(isNull(item.retiredAt)))[0]!.n;

describe('seedCatalogue', () => {
  it('loads every course, skill, passage and authored item, and is idempotent', async () => {
    const first = await seedCatalogue(database.db, catalogue);
    expect(first.newItemVersions).toBe(catalogue.items.length);
    const second = await seedCatalogue(database.db, catalogue);
    expect(second.newItemVersions).toBe(0);
    expect(await database.db.select().from(course)).toHaveLength(4);
    expect((await database.db.select({ n: count() }).from(skill))[0]!.n).toBe(catalogue.skills.length);
    expect((await database.db.select({ n: count() }).from(passage))[0]!.n).toBe(catalogue.passages.length);
    expect(await liveItems()).toBe(catalogue.items.length);
  });

  it('keeps the old version of an edited item (retired) and serves the new one', async () => {
    const [original] = catalogue.items;
    const edited = { ...original!, prompt: `${original!.prompt} (edited)`, version: 'edited-version' };
    await seedCatalogue(database.db, { ...catalogue, items: [edited, ...catalogue.items.slice(1)] });
    const versions = await database.db.select().from(item).where(eq(item.id, original!.id));
    expect(versions).toHaveLength(2);
    expect(versions.find((v) => v.version === original!.version)?.retiredAt).toBeInstanceOf(Date);
    expect(versions.find((v) => v.version === 'edited-version')?.retiredAt).toBeNull();
    expect(await liveItems()).toBe(catalogue.items.length);
    const live = await database.db
      .select()
      .from(item)
      .where(and(eq(item.id, original!.id), isNull(item.retiredAt)));
    expect(live.map((v) => v.prompt)).toEqual([edited.prompt]);
  });
});
