import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';

/**
 * Reads a small settings file. A missing, corrupt or outdated file yields null so the
 * caller falls back to defaults instead of refusing to start.
 */
export async function readJsonFile<T extends TSchema>(path: string, schema: T): Promise<Static<T> | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return null;
  }
  try {
    const value: unknown = JSON.parse(text);
    return Value.Check(schema, value) ? value : null;
  } catch {
    return null;
  }
}

/** Write-then-rename, so a crash mid-write never leaves a half-written file behind. */
export async function writeJsonFileAtomic(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
