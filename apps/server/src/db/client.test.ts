import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '#src/config.ts';
import { DataDirLockedError, createDatabase } from './client.ts';
import { user } from './schema/index.ts';

describe('createDatabase (PGlite)', () => {
  it('refuses a data directory another process holds, and keeps rows across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vidya-db-'));
    const first = await createDatabase({ kind: 'pglite', dataDir });
    await first.migrate(join(serverRoot(), 'drizzle'));
    // Simulate another live process holding the lock: the parent process's pid is alive.
    const { writeFileSync } = await import('node:fs');
    await first.db
      .insert(user)
      .values({ id: 'u1', name: 'A B', email: 'a@b.co', firstName: 'A', lastName: 'B' });
    await first.close();
    writeFileSync(join(dataDir, 'vidya.lock'), String(process.ppid));
    await expect(createDatabase({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    // A lock left by a dead process is taken over.
    writeFileSync(join(dataDir, 'vidya.lock'), '2147483646');
    const second = await createDatabase({ kind: 'pglite', dataDir });
    const rows = await second.db.select().from(user);
    expect(rows.map((r) => r.email)).toEqual(['a@b.co']);
    await second.close();
    // The lock names its owner's PID and start time: a live owner holds it, a recycled PID (another start) does not.
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    writeFileSync(join(dataDir, 'vidya.lock'), `${process.ppid} ${started}`);
    await expect(createDatabase({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    writeFileSync(join(dataDir, 'vidya.lock'), `${process.ppid} 1`);
    const third = await createDatabase({ kind: 'pglite', dataDir });
    await third.close();
  }, 60_000);
});
