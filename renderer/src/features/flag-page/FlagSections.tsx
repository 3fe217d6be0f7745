import { Stack } from '@mantine/core';
import type { Feature, FlagRef } from '../../api/flag-api';
import { EditLock } from '../../components/EditLock/EditLock';
import { ChangeRequestRouting } from '../change-requests/index';
import { EvaluationChart } from './EvaluationChart';
import { FlagDependencies } from './FlagDependencies';
import { FlagEnvironment } from './FlagEnvironment';
import { FlagLinks } from './FlagLinks';
import { FlagPageSection as Section } from './FlagPageSection';
import { FlagTags } from './FlagTags';
import { FlagTimeline } from './FlagTimeline';

/** The flag page's sections: environments, dependencies, tags, links, evaluations, history. */
export function FlagSections({ flag, data }: { flag: FlagRef; data: Feature }) {
  const { project, name } = flag;
  return (
    <>
      <Section title="Environments">
        <Stack gap="md">
          {(data.environments ?? []).map((environment) => (
            <FlagEnvironment key={environment.name} flag={flag} environment={environment} />
          ))}
        </Stack>
      </Section>
      <Section title="Dependencies">
        <EditLock>
          <ChangeRequestRouting project={project}>
            <FlagDependencies flag={flag} feature={data} />
          </ChangeRequestRouting>
        </EditLock>
      </Section>
      <Section title="Tags">
        <EditLock>
          <FlagTags name={name} />
        </EditLock>
      </Section>
      <Section title="Links">
        <EditLock>
          <FlagLinks flag={flag} feature={data} />
        </EditLock>
      </Section>
      <Section title="Evaluations">
        <EvaluationChart name={name} environments={(data.environments ?? []).map((env) => env.name)} />
      </Section>
      <Section title="History">
        <FlagTimeline name={name} />
      </Section>
    </>
  );
}
