import { describe, expect, it } from 'vitest';
import { lineLink } from './code-reference-rules';

describe('lineLink', () => {
  const commit = '0123456789abcdef0123456789abcdef01234567';
  it('links a line on GitHub, GitLab and Bitbucket from https and ssh remotes', () => {
    expect(lineLink('git@github.com:acme/shop.git', commit, 'src/app.ts', 12)).toBe(
      `https://github.com/acme/shop/blob/${commit}/src/app.ts#L12`,
    );
    expect(lineLink('https://gitlab.example.com/team/shop.git', commit, 'a b.ts', 3)).toBe(
      `https://gitlab.example.com/team/shop/-/blob/${commit}/a%20b.ts#L3`,
    );
    expect(lineLink('ssh://git@bitbucket.org/acme/shop.git', commit, 'x.py', 7)).toBe(
      `https://bitbucket.org/acme/shop/src/${commit}/x.py#lines-7`,
    );
  });
  it('gives no link without a remote, a commit, or for a local path', () => {
    expect(lineLink(null, commit, 'a.ts', 1)).toBeNull();
    expect(lineLink('git@github.com:acme/shop.git', null, 'a.ts', 1)).toBeNull();
    expect(lineLink('/srv/git/shop.git', commit, 'a.ts', 1)).toBeNull();
    expect(lineLink('file:///srv/git/shop.git', commit, 'a.ts', 1)).toBeNull();
  });
});
