// Hosts the index size chart: one webview panel at a time, fed with a ChartState
// whenever the sizes, the fetch state or the history change. The chart code
// itself is dist/chart.js (media/chart/main.ts), loaded by the webview only.
import { isTruncatable } from '../shared/namedIndices';
import * as vscode from 'vscode';
import type { Services } from '../platform/services';
import type { IndexSize } from '../gms/types';
import { reportError } from '../platform/commandRunner';
import { describeForLog } from '../shared/messageGuards';
import { newNonce, webviewHtml, type WebviewPage } from '../platform/webviewHtml';
import { parseChartMessage, type ChartMessage, type ChartState, type HostMessage } from './logic/chartProtocol';
import { Commands } from '../shared/commandIds';
import { handOut } from '../platform/treeRows';

export const CHART_VIEW_TYPE = 'datahub.indexSizeChart';

/** What became of a message from the webview (returned for tests; logged when ignored). */
export type MessageOutcome =
  { handled: true; type: ChartMessage['type'] } | { handled: false; reason: 'malformed' | 'unknownIndex' | 'notTruncatable' | 'failed'; detail: string };

export interface ChartActions {
  /** The chart as it should look now. */
  state(): ChartState;
  /** The index of the current fetch with this exact name. */
  findIndex(indexName: string): IndexSize | undefined;
}

const CHART_PAGE: WebviewPage = {
  script: 'chart.js',
  style: ['media', 'chart', 'chart.css'],
  title: 'Index Sizes',
  placeholder: 'Loading the index size chart…',
};

/** The page: the shared strict-CSP page (src/platform/webviewHtml.ts) with the chart's script and stylesheet. */
export function chartHtml(webview: Pick<vscode.Webview, 'cspSource' | 'asWebviewUri'>, extensionUri: vscode.Uri, nonce: string): string {
  return webviewHtml(webview, extensionUri, nonce, CHART_PAGE);
}

export class ChartPanelHost implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private lastPosted: ChartState | undefined;
  private postCount = 0;

  constructor(
    private readonly services: Services,
    private readonly actions: ChartActions,
  ) {}

  get isOpen(): boolean {
    return this.panel !== undefined;
  }

  /** The last state sent to the webview, and how many were sent (for tests). */
  get posted(): { state: ChartState | undefined; count: number } {
    return { state: this.lastPosted, count: this.postCount };
  }

  get html(): string | undefined {
    return this.panel?.webview.html;
  }

  /** Opens the chart, or brings the open one to the front. */
  show(): void {
    if (this.panel) {
      this.panel.reveal();
      return;
    }
    const root = this.services.context.extensionUri;
    const panel = vscode.window.createWebviewPanel(
      CHART_VIEW_TYPE,
      'Index Sizes',
      { viewColumn: vscode.ViewColumn.Active },
      {
        enableScripts: true,
        // Only what the page loads: the bundled script and its stylesheet.
        localResourceRoots: [vscode.Uri.joinPath(root, 'dist'), vscode.Uri.joinPath(root, 'media', 'chart')],
      },
    );
    panel.iconPath = vscode.Uri.joinPath(root, 'media', 'datahub.svg');
    panel.webview.html = chartHtml(panel.webview, root, newNonce());
    panel.webview.onDidReceiveMessage((message: unknown) => void this.handleMessage(message));
    // Without retainContextWhenHidden the page reloads when shown again; it asks with 'ready'.
    panel.onDidChangeViewState((e) => e.webviewPanel.visible && this.update());
    panel.onDidDispose(() => {
      if (this.panel === panel) this.panel = undefined;
    });
    this.panel = panel;
  }

  /** Sends the current state to a visible chart. */
  update(): void {
    if (!this.panel?.visible) return;
    const message: HostMessage = { type: 'state', state: this.actions.state() };
    this.lastPosted = message.state;
    this.postCount++;
    void this.panel.webview.postMessage(message);
  }

  /** Validates a message from the webview and acts on it; anything else is ignored and logged. */
  async handleMessage(raw: unknown): Promise<MessageOutcome> {
    const message = parseChartMessage(raw);
    if (!message) {
      const detail = describeForLog(raw);
      this.services.log.warn(`Index size chart: ignored a malformed message: ${detail}`);
      return { handled: false, reason: 'malformed', detail };
    }
    try {
      switch (message.type) {
        case 'ready':
          this.update();
          break;
        case 'refresh':
          await vscode.commands.executeCommand(Commands.refreshIndexSizes);
          break;
        case 'reveal':
        case 'truncate': {
          const index = this.actions.findIndex(message.indexName);
          if (!index) {
            const detail = describeForLog(message.indexName);
            this.services.log.warn(`Index size chart: ${message.type} of ${detail} ignored: not in the current index sizes.`);
            return { handled: false, reason: 'unknownIndex', detail };
          }
          if (message.type === 'reveal') {
            // Keep the keyboard in the chart: the tree's selection follows, the focus stays here.
            await this.services.indicesView.reveal(index.indexName, { focus: false });
            this.panel?.reveal(this.panel.viewColumn, false);
          } else if (!isTruncatable(index)) {
            // The webview offers no button for it; a message asking anyway is refused here.
            const detail = describeForLog(message.indexName);
            this.services.log.warn(`Index size chart: truncate of ${detail} refused: the server did not name its entity type and aspect.`);
            return { handled: false, reason: 'notTruncatable', detail };
          } else await vscode.commands.executeCommand(Commands.truncateIndex, handOut({ kind: 'index', index }));
          break;
        }
      }
      return { handled: true, type: message.type };
    } catch (error) {
      const description = reportError(this.services, error, {}, { source: `Index size chart (${message.type})` });
      return { handled: false, reason: 'failed', detail: description.message };
    }
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
