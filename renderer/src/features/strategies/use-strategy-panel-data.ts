import { useConsoleState } from '../../stores/console-context';
import { useProfileOutbox } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import {
  createStrategiesApi,
  type FeatureStrategy,
  type StrategyLocation,
  strategiesPath,
} from './strategies-api';
import { strategyRows } from './strategy-rows';

/** What a strategy panel reads: the strategies, their definitions, the segments, and the rows with queued edits. */
export function useStrategyPanelData(location: StrategyLocation) {
  const profileId = useConsoleState((state) => state.activeProfileId);
  const strategies = useServerData(strategiesPath(location), (api, signal) =>
    createStrategiesApi(api.client).list(location, signal),
  );
  const definitions = useServerData('strategy-definitions', (api) =>
    createStrategiesApi(api.client).listDefinitions(),
  );
  const segments = useServerData('segments', async (api) => (await api.listSegments()).segments ?? []);
  const outbox = useProfileOutbox();
  const rowsOf = (server: readonly FeatureStrategy[]) => strategyRows(server, outbox, profileId, location);
  return { strategies, definitions, segments, rowsOf };
}
