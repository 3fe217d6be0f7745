import type {
  BlastRadiusPreview,
  BlastRadiusProposal,
  BlastRadiusSettings,
  BlastRadiusSettingsView,
} from '../../../../server/contract';
import type { AdminApi } from '../../api/admin-api';

export type { BlastRadiusPreview, BlastRadiusProposal, BlastRadiusSettings, BlastRadiusSettingsView };

const enc = encodeURIComponent;
export const BLAST_RADIUS_SETTINGS_PATH = '/api/admin/blast-radius/settings';

/** Where a flag's blast radius in one environment is previewed (our own API, issue 15). */
export function previewPath(project: string, flagName: string, environment: string): string {
  return `/api/admin/projects/${enc(project)}/features/${enc(flagName)}/environments/${enc(environment)}/blast-radius`;
}

export function blastRadiusApi(api: AdminApi) {
  const { client } = api;
  return {
    preview: (project: string, flagName: string, environment: string, proposal: BlastRadiusProposal) =>
      client.post<BlastRadiusPreview>(previewPath(project, flagName, environment), proposal),
    settings: () => client.get<BlastRadiusSettingsView>(BLAST_RADIUS_SETTINGS_PATH),
    saveSettings: (settings: BlastRadiusSettings) =>
      client.put<BlastRadiusSettingsView>(BLAST_RADIUS_SETTINGS_PATH, settings),
  };
}

/** Sensitive field names typed one a line or comma-separated; blanks and repeats dropped. */
export function parseFieldNames(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
}

/** "12 of 340 (3.5%)": a share of the evaluated contexts, for the summary line. */
export function share(count: number, of: number): string {
  if (of === 0 || count === 0) return String(count);
  const percent = (count / of) * 100;
  return `${count} (${percent < 10 ? percent.toFixed(1) : Math.round(percent)}%)`;
}

type StrategyInput = Extract<BlastRadiusProposal, { kind: 'strategy-add' }>['strategy'];

/** The preview of saving a strategy form: an edit of the strategy with that id, or an addition. */
export function strategyProposal(strategyId: string | null, strategy: StrategyInput): BlastRadiusProposal {
  return strategyId ? { kind: 'strategy-update', strategyId, strategy } : { kind: 'strategy-add', strategy };
}
