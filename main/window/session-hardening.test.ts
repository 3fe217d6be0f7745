import { describe, expect, it } from 'vitest';
import { denyAllPermissions, type PermissionSession } from './session-hardening';

class FakeSession implements PermissionSession {
  request: Parameters<PermissionSession['setPermissionRequestHandler']>[0] | null = null;
  check: (() => boolean) | null = null;
  setPermissionRequestHandler(
    handler: Parameters<PermissionSession['setPermissionRequestHandler']>[0],
  ): void {
    this.request = handler;
  }
  setPermissionCheckHandler(handler: () => boolean): void {
    this.check = handler;
  }
}

describe('denyAllPermissions', () => {
  it('refuses permission requests and checks', () => {
    const session = new FakeSession();
    denyAllPermissions(session);
    const answers: boolean[] = [];
    session.request?.({}, 'media', (granted) => answers.push(granted));
    session.request?.({}, 'notifications', (granted) => answers.push(granted));
    expect(answers).toEqual([false, false]);
    expect(session.check?.()).toBe(false);
  });
});
