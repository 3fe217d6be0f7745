import type { AuditEvent } from '../../../../contract';

export type LinkStyle = 'markdown' | 'slack';

/** What a chat message says about an event: one line of text and a link to the flag, if any. */
export interface EventMessage {
  text: string;
  url: string | null;
}

const VERBS: Record<string, string> = {
  'feature-created': 'created',
  'feature-updated': 'updated',
  'feature-metadata-updated': 'updated the metadata of',
  'feature-variants-updated': 'updated the variants of',
  'feature-environment-variants-updated': 'updated the variants of',
  'feature-project-change': 'moved',
  'feature-archived': 'archived',
  'feature-revived': 'revived',
  'feature-strategy-update': 'updated a strategy of',
  'feature-strategy-add': 'added a strategy to',
  'feature-strategy-remove': 'removed a strategy from',
  'feature-stale-on': 'marked as stale',
  'feature-stale-off': 'marked as active',
  'feature-potentially-stale-on': 'found potentially stale:',
  'feature-environment-enabled': 'enabled',
  'feature-environment-disabled': 'disabled',
  'feature-tagged': 'tagged',
  'feature-untagged': 'untagged',
  'feature-completed': 'completed',
  'feature-uncompleted': 'reopened',
};

function flagUrl(event: AuditEvent, publicUrl: string | null): string | null {
  if (!publicUrl || !event.featureName || !event.project) return null;
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}/projects/${encodeURIComponent(event.project)}/features/${encodeURIComponent(event.featureName)}`;
}

function link(name: string, url: string | null, style: LinkStyle): string {
  if (!url) return `*${name}*`;
  return style === 'slack' ? `<${url}|${name}>` : `[${name}](${url})`;
}

/** A short human sentence for an event, e.g. "alice enabled *checkout* in production (project default)". */
export function describeEvent(event: AuditEvent, publicUrl: string | null, style: LinkStyle): EventMessage {
  const url = flagUrl(event, publicUrl);
  const who = event.createdBy;
  if (event.featureName) {
    const verb = VERBS[event.type] ?? `changed (${event.type})`;
    const where = event.environment ? ` in ${event.environment}` : '';
    const project = event.project ? ` (project ${event.project})` : '';
    return { text: `${who} ${verb} ${link(event.featureName, url, style)}${where}${project}`, url };
  }
  const project = event.project ? ` in project ${event.project}` : '';
  return { text: `${who} triggered ${event.type}${project}`, url };
}
