import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from 'typebox';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJsonFile, writeJsonFileAtomic } from './json-file';

const Schema = Type.Object({ port: Type.Integer() }, { additionalProperties: false });

describe('json settings files', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'switchyard-json-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes owner-only files, creating the directory, and leaves no temporary files', async () => {
    const path = join(dir, 'nested', 'settings.json');
    await writeJsonFileAtomic(path, { port: 4242 });
    await writeJsonFileAtomic(path, { port: 4243 });
    expect(await readFile(path, 'utf8')).toBe('{\n  "port": 4243\n}\n');
    expect(await readdir(join(dir, 'nested'))).toEqual(['settings.json']);
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('reads a matching file and returns null for anything else', async () => {
    const path = join(dir, 'settings.json');
    await writeFile(path, '{"port": 4242}');
    expect(await readJsonFile(path, Schema)).toEqual({ port: 4242 });
    await writeFile(path, '{"port": "4242"}');
    expect(await readJsonFile(path, Schema)).toBeNull();
    await writeFile(path, 'not json');
    expect(await readJsonFile(path, Schema)).toBeNull();
  });
});
