// The insights feature (size chart, size history, export): starts the part and
// registers its commands. Other features and extension.ts use it through here.
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import { commandIdsOf } from '../shared/commandIds';
import { deferCommands } from '../platform/lazyCommands';
import { loadFeature } from '../platform/loadFeatures';
/** This feature's commands.ts, loaded on first use. */
type CommandsInsights = typeof import('./commands');
import { startInsights, type Insights, type InsightsTestApi } from './insights';

export type { InsightsTestApi, EntityCountsFeed } from './insights';
export type { EntityCountsSnapshot } from './logic/entityChart';
/** The history file store, for the entity counts' growth (src/entities keeps its own file the same way). */
export { HistoryStore } from './chartHistoryStore';
/** The argument schemas of the chart, history and export commands (the typed API's parameter types). */
export type { insightsArgs, InsightsApi } from './table';

/** The insights seam: the tree's growth lines (wired by extension.ts) and what tests read. */
export interface InsightsSeam {
  growthFor(indexName: string): string | undefined;
  /** The entity counts beside the sizes, in the chart and the export (wired by extension.ts). */
  useEntityCounts: Insights['useEntityCounts'];
  test: InsightsTestApi;
}

export function register(services: Services): FeatureRegistration<InsightsSeam> {
  const { store, chart, disposables, growthFor, testSeam, afterActivation, useEntityCounts, entityCounts } = startInsights(services);
  return {
    seam: { growthFor, useEntityCounts, test: testSeam },
    afterActivation,
    disposables: [
      ...disposables,
      deferCommands(
        {
          name: 'insights commands',
          commands: commandIdsOf('insights'),
          load: () => loadFeature<CommandsInsights>('insights').registerCommands(services, { store, chart, entityCounts }),
        },
        services.log,
      ),
    ],
  };
}
