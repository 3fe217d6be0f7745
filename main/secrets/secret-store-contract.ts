import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecretStore } from './secret-store';

export interface ContractSubject {
  store: SecretStore;
  /** Removes whatever the suite stored; called once at the end. */
  cleanup?: () => Promise<void>;
}

/**
 * Behaviour every SecretStore shares, run against the fake, keytar with an
 * in-memory backend and keytar on a real keychain.
 */
export function describeSecretStoreContract(name: string, makeSubject: () => Promise<ContractSubject>): void {
  describe(`${name} (SecretStore contract)`, () => {
    let subject: ContractSubject;
    const profile = `contract-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    const other = `${profile}-other`;

    beforeAll(async () => {
      subject = await makeSubject();
    });

    afterAll(async () => {
      for (const p of [profile, other]) {
        for (const key of ['admin-token', 'personal-access-token'] as const)
          await subject.store.delete(p, key);
      }
      await subject.cleanup?.();
    });

    it('reports itself available', async () => {
      expect(await subject.store.availability()).toEqual({ available: true, reason: null });
    });

    it('returns null for a key never stored', async () => {
      expect(await subject.store.get(profile, 'personal-access-token')).toBeNull();
    });

    it('stores, overwrites and reads back a value', async () => {
      await subject.store.set(profile, 'admin-token', '*:*.first');
      await subject.store.set(profile, 'admin-token', '*:*.second');
      expect(await subject.store.get(profile, 'admin-token')).toBe('*:*.second');
    });

    it('lists key names per profile', async () => {
      await subject.store.set(profile, 'personal-access-token', 'user:0123');
      await subject.store.set(other, 'admin-token', '*:*.other');
      expect(await subject.store.list(profile)).toEqual(['admin-token', 'personal-access-token']);
      expect(await subject.store.list(other)).toEqual(['admin-token']);
      expect(await subject.store.get(other, 'admin-token')).toBe('*:*.other');
    });

    it('deletes a value and says whether there was one', async () => {
      await subject.store.set(profile, 'admin-token', '*:*.doomed');
      expect(await subject.store.delete(profile, 'admin-token')).toBe(true);
      expect(await subject.store.delete(profile, 'admin-token')).toBe(false);
      expect(await subject.store.get(profile, 'admin-token')).toBeNull();
      expect(await subject.store.list(profile)).not.toContain('admin-token');
    });

    it('refuses malformed profile ids', async () => {
      await expect(subject.store.get('../etc', 'admin-token')).rejects.toMatchObject({
        name: 'ValidationError',
      });
      await expect(subject.store.set('', 'admin-token', 'x')).rejects.toMatchObject({
        name: 'ValidationError',
      });
    });
  });
}
