/**
 * A browsable link to a line on the repository's host (GitHub, GitLab, Bitbucket, Gitea-like),
 * from the remote URL the scan found (https or scp-like ssh); null for hosts it cannot tell.
 */
export function lineLink(
  remote: string | null,
  commit: string | null,
  path: string,
  line: number,
): string | null {
  if (!remote || !commit) return null;
  const web = webUrlOf(remote);
  if (!web) return null;
  const file = path.split('/').map(encodeURIComponent).join('/');
  if (web.host === 'bitbucket.org') return `${web.base}/src/${commit}/${file}#lines-${line}`;
  const blob = web.host.includes('gitlab') ? '/-/blob/' : '/blob/';
  return `${web.base}${blob}${commit}/${file}#L${line}`;
}

function webUrlOf(remote: string): { base: string; host: string } | null {
  const scp = /^[\w.-]+@([\w.-]+):([\w./~-]+?)(?:\.git)?\/?$/.exec(remote);
  if (scp) return { base: `https://${scp[1]}/${scp[2]}`, host: scp[1] as string };
  try {
    const url = new URL(remote);
    if (!['https:', 'http:', 'ssh:'].includes(url.protocol)) return null;
    const path = url.pathname.replace(/\.git\/?$/, '').replace(/\/$/, '');
    if (!path || path === '/') return null;
    return { base: `https://${url.hostname}${path}`, host: url.hostname };
  } catch {
    return null;
  }
}
