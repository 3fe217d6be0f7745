import { BlastRadiusPanel } from '../blast-radius/BlastRadiusPanel';
import type { BlastRadiusProposal } from '../blast-radius/blast-radius-api';
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
