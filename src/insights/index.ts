// The insights feature (size chart, size history, export): starts the part and
// registers its commands. Other features and extension.ts use it through here.
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import { commandIdsOf } from '../shared/commandIds';
import { deferCommands } from '../platform/lazyCommands';
import { loadFeature } from '../platform/loadFeatures';
/** This feature's commands.ts, loaded on first use. */
type CommandsInsights = typeof import('./commands');
import { startInsights, type InsightsTestApi } from './insights';

export type { InsightsTestApi } from './insights';
/** The history file store, for the entity counts' growth (src/entities keeps its own file the same way). */
export { HistoryStore } from './chartHistoryStore';
/** The argument schemas of the chart, history and export commands (the typed API's parameter types). */
export type { insightsArgs, InsightsApi } from './table';

/** The insights seam: the tree's growth lines (wired by extension.ts) and what tests read. */
export interface InsightsSeam {
  growthFor(indexName: string): string | undefined;
  test: InsightsTestApi;
}

export function register(services: Services): FeatureRegistration<InsightsSeam> {
  const { store, chart, disposables, growthFor, testSeam, afterActivation } = startInsights(services);
  return {
    seam: { growthFor, test: testSeam },
    afterActivation,
    disposables: [
      ...disposables,
      deferCommands(
        {
          name: 'insights commands',
          commands: commandIdsOf('insights'),
          load: () => loadFeature<CommandsInsights>('insights').registerCommands(services, { store, chart }),
        },
        services.log,
      ),
    ],
  };
}
