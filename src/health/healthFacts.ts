// Search Health's facts for the DataHub Doctor: the indexing lag per consumer as Search Health last
// read it, and the last drift check, each with its next step. Nothing is read here: the Doctor shows
// what the view holds for the active connection (and says when it was read).
import type { ConnectionFact, FactVerdict } from '../shared/statusFact';
import { Commands } from '../shared/commandIds';
import { describeLag, type LagState as LagMood } from '../shared/searchLag';
import { formatDateTime } from '../shared/format';
import { uiLine } from '../shared/uiText';
import { describeScope } from './logic/scopeText';
import type { HealthStore } from './healthStore';

const LAG_VERDICT: Record<LagMood, FactVerdict | undefined> = {
  caughtUp: 'ok',
  catchingUp: 'ok',
  'falling behind': 'warning',
  stalled: 'failing',
  stuck: 'failing',
  unknown: undefined,
};

export function healthFacts(store: HealthStore): ConnectionFact[] {
  const connection = store.connection;
  if (connection === undefined) return [];
  const facts: ConnectionFact[] = [];
  for (const state of store.lag) {
    for (const view of state.views ?? []) {
      const verdict = LAG_VERDICT[view.state];
      if (!verdict) continue;
      const when = state.at !== undefined ? ` (read ${formatDateTime(state.at)})` : '';
      facts.push({
        id: `lag:${state.consumer}:${uiLine(view.group, 100)}`,
        connection,
        title: `${state.label} lag`,
        verdict,
        summary: uiLine(`${describeLag(view)}${when}`, 200),
        // The group, so the Doctor leaves this out where it read the same group itself.
        figures: { events: view.events, state: view.state, group: uiLine(view.group, 200) },
        source: `Search Health (${state.endpoint === 'kafka' ? 'kafka/…/consumer/offsets' : 'messaging/…/consumer/lag'})`,
        ...(verdict !== 'ok'
          ? { nextStep: 'search is behind the database: see the consumer lines above; restores wait for it', nextCommand: Commands.refreshSearchHealth }
          : {}),
      });
    }
  }
  const report = store.report;
  if (report) {
    const drift = report.tally.drift;
    const checked = Object.values(report.tally.counts).reduce((a, b) => a + b, 0);
    facts.push({
      id: 'searchDrift',
      connection,
      title: 'Search drift',
      verdict: drift > 0 ? 'warning' : 'ok',
      summary: uiLine(
        `${drift.toLocaleString('en-US')} of ${checked.toLocaleString('en-US')} disagree for ${describeScope(report.scope)} (checked ${formatDateTime(report.startedAt)})`,
        200,
      ),
      figures: { drift, checked, databaseOnly: report.tally.counts.databaseOnly, searchOnly: report.tally.counts.searchOnly },
      source: 'Search Health (the last drift check)',
      ...(drift > 0 ? { nextStep: 'fix it after its dry run (Fix Search Drift)', nextCommand: Commands.fixSearchDrift } : {}),
    });
  }
  return facts;
}
