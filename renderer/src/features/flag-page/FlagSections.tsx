import { Stack } from '@mantine/core';
import type { Feature, FeatureEnvironment, FlagRef } from '../../api/flag-api';
import { EditLock } from '../../components/EditLock/EditLock';
import { ChangeRequestRouting } from '../change-requests/index';
import { FlagCodeReferences } from '../code-references/index';
import { FlagExperiments } from '../experiments/index';
import { FlagImpactMetrics } from '../impact-metrics/index';
import { EvaluationChart } from './EvaluationChart';
import { FlagDependencies } from './FlagDependencies';
import { FlagEnvironment } from './FlagEnvironment';
import { FlagLinks } from './FlagLinks';
import { FlagPageSection as Section } from './FlagPageSection';
import { FlagTags } from './FlagTags';
import { FlagTimeline } from './FlagTimeline';

/**
 * Which environment blocks open at first, as Unleash's flag page does: the enabled ones, since
 * that is where the flag serves; the first when none is, so a new flag shows where to start.
 */
export function initiallyExpanded(environments: readonly FeatureEnvironment[]): Set<string> {
  const enabled = environments.filter((environment) => environment.enabled);
  return new Set((enabled.length > 0 ? enabled : environments.slice(0, 1)).map((env) => env.name));
}

/** The flag page's side column: what the flag is, apart from where it serves (tags, links, dependencies). */
export function FlagDetailSections({ flag, data }: { flag: FlagRef; data: Feature }) {
  return (
    <>
      <Section title="Tags" compact>
        <EditLock>
          <FlagTags name={flag.name} />
        </EditLock>
      </Section>
      <Section title="Links" compact>
        <EditLock>
          <FlagLinks flag={flag} feature={data} />
        </EditLock>
      </Section>
      <Section title="Dependencies" compact>
        <EditLock>
          <ChangeRequestRouting project={flag.project}>
            <FlagDependencies flag={flag} feature={data} />
          </ChangeRequestRouting>
        </EditLock>
      </Section>
    </>
  );
}

/** One block per environment, each open or closed at first as `initiallyExpanded` says. */
export function FlagEnvironments({ flag, data }: { flag: FlagRef; data: Feature }) {
  const environments = data.environments ?? [];
  const expanded = initiallyExpanded(environments);
  return (
    <Section title="Environments" compact>
      <Stack gap="sm">
        {environments.map((environment) => (
          <FlagEnvironment
            key={environment.name}
            flag={flag}
            environment={environment}
            defaultExpanded={expanded.has(environment.name)}
          />
        ))}
      </Stack>
    </Section>
  );
}

/**
 * Below the environments: what the SDKs evaluated and measured, the flag's experiments, where it
 * is used in code, and what was changed.
 */
export function FlagActivity({ flag, data }: { flag: FlagRef; data: Feature }) {
  return (
    <>
      <Section title="Evaluations" compact>
        <EvaluationChart name={flag.name} environments={(data.environments ?? []).map((env) => env.name)} />
      </Section>
      <Section title="Impact metrics">
        <FlagImpactMetrics flag={flag} />
      </Section>
      <Section title="Experiments">
        <FlagExperiments flag={flag} />
      </Section>
      <Section title="Code references">
        <FlagCodeReferences flag={flag} />
      </Section>
      <Section title="History">
        <FlagTimeline name={flag.name} />
      </Section>
    </>
  );
}
