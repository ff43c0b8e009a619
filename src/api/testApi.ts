// The test seam: what activate() returns in ExtensionMode.Test and Development
// (tests, benchmarks, the UI harness), on top of the public commands. In
// Production activate() returns the commands alone (src/api/index.ts): these
// parts hold the secret store and internal state and never leave a test host.
import type { StartupTimings } from '../platform/startup';
import type * as vscode from 'vscode';
import type { IndexTreeNode } from '../indices';
import type { Services } from '../platform/services';
import type { CaughtNotification, ModalAnswerer, ShownText } from '../platform/safeWindow';
import type { InsightsTestApi } from '../insights';
import type { TruncateTestApi } from '../truncate';
import type { DoctorTestApi } from '../doctor';
import type { DataHubCommands } from './index';

export type { InsightsTestApi } from '../insights';
export type { TruncateTestApi } from '../truncate';

/** performance.now() stamps (ms): dist/extension.js began and finished evaluating, activate() began and returned (npm run bench reads them). */
export interface ActivationTimings {
  bundleEvaluationStarted: number;
  bundleEvaluated: number;
  activateStarted: number;
  activateEnded: number;
  /** CPU time (user + system, this process) spent while activate() ran: its own cost, without the waits of a busy machine. */
  activateCpuMs: number;
  /** Wall time of each part of activate() (the services, then each feature's registration), ms. */
  activateParts: Record<string, number>;
  /** The features' first draw, run just after activate() returned (src/platform/startup.ts): resolves once it ran, with its timings. */
  afterActivation: Promise<StartupTimings>;
}

export interface DataHubTestApi extends DataHubCommands {
  /** The services every part shares (connections with their secret store, index sizes, the log). */
  services: Services;
  /** The Timeseries Indices tree. */
  indicesView: {
    provider: vscode.TreeDataProvider<IndexTreeNode>;
    treeView: vscode.TreeView<IndexTreeNode>;
  };
  /** The insights part (chart, history). */
  insights: InsightsTestApi;
  /** The truncate part. */
  truncate: TruncateTestApi;
  /** The DataHub Doctor's view (absent when the part did not start). */
  doctor?: DoctorTestApi;
  /** The connection status bar item and whether datahub.statusBar.enabled shows it. */
  statusBar?: { readonly item: vscode.StatusBarItem; readonly visible: boolean };
  /** The move of the old global datahub.tls.rejectUnauthorized to the connections (src/connections/tlsOff.ts). */
  tls?: { atActivation: Promise<unknown>; migrate(): Promise<{ optOut: string[]; refused: string[] } | undefined> };
  /** The editor's context key datahub.cursorOnUrn (last value sent, times sent). */
  cursorOnUrn: { readonly current: boolean | undefined; readonly sent: number };
  /** The editor's context keys datahub.documentHasUrn / datahub.selectionHasUrn (last values sent, times sent, documents read). */
  urnMentions: { readonly document: boolean | undefined; readonly selection: boolean | undefined; readonly sent: number; readonly documentReads: number };
  /** Every text the extension put on screen (and modals answered without showing them). */
  screen: {
    record(into: ShownText[] | undefined): void;
    answerModals(answer: ModalAnswerer | undefined): void;
    /** Notifications with buttons caught instead of shown, for the test to click later (src/platform/safeWindow.ts). */
    catchNotifications(into: ((caught: CaughtNotification) => void) | undefined): void;
  };
  /** The write discipline's clock (src/shared/writeClock.ts): `shift(ms)` ages every plan and offered follow-up by that much (0: the real clock). */
  writeClock: { shift(ms: number): void };
  /** The confirmation gate: `simulateProduction(true)` makes typed-API calls ask as in a Production host (src/platform/apiGate.ts). */
  apiGate: { simulateProduction(on: boolean): void };
  activationTimings: ActivationTimings;
  /** Each feature's first command: the require of dist/features.js (the first time) and its registration, in ms. */
  lazyLoads(): readonly { feature: string; ms: number }[];
}
