import type { BlastRadiusProposal } from '../blast-radius/index';
import { BlastRadiusPanel } from '../blast-radius/index';
import { isMilestoneLocation, type MilestoneStrategyLocation, type StrategyLocation } from './strategies-api';

/** The blast-radius preview of a flag's strategy; templates have no sampled traffic, so no preview. */
export function StrategyBlastRadius({
  location,
  proposal,
}: {
  location: StrategyLocation | MilestoneStrategyLocation;
  proposal: BlastRadiusProposal | null;
}) {
  return isMilestoneLocation(location) ? null : (
    <BlastRadiusPanel
      project={location.project}
      flagName={location.flagName}
      environment={location.environment}
      proposal={proposal}
    />
  );
}
