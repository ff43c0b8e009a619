// The search-as-you-type part of the URN prompts: DataHub's searchAcrossEntities
// on the active connection, results listed as name, entity type, platform and URN.
// Where search is unavailable (no GraphQL, forbidden, unreachable) one line says
// so and the prompt works as before.
import * as vscode from 'vscode';
import { uiLine } from '../shared/uiText';
import type { FoundEntity } from '../gms/types';
import { entityPageUrl } from '../shared/searchCheck';
import { isGmsError } from '../gms/errors';
import { LiveSearch, type LiveSearchStats } from '../shared/liveSearch';
import type { Services } from './services';

export interface LiveSearchSource {
  find(text: string, signal: AbortSignal): Promise<FoundEntity[]>;
  /** Called when the prompt closes, with what the session sent and cancelled. */
  onClose?(stats: LiveSearchStats): void;
  /** The DataHub UI address: results get an "Open in DataHub" button. */
  frontendUrl?(): string | undefined;
}

interface PickItem extends vscode.QuickPickItem {
  value?: string;
  /** The entity's page in the DataHub UI, for the item's button. */
  page?: string;
}

const OPEN_BUTTON: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('link-external'), tooltip: 'Open in DataHub' };

/** Server text in a quick pick: the shared sanitiser's one line, and no codicon syntax. */
export function plainText(text: string, max = 200): string {
  return uiLine(text.replace(/\t+/g, ' '), max).replace(/\$\(/g, '$\u200b(');
}

export function entityItem(e: FoundEntity, frontendUrl?: string): PickItem {
  const type = e.type.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const page = frontendUrl ? entityPageUrl(frontendUrl, e.urn) : undefined;
  return {
    label: `$(search) ${plainText(e.name ?? e.urn)}`,
    description: plainText([type, e.platform].filter(Boolean).join(' · ')),
    detail: plainText(e.urn, 600),
    value: e.urn,
    alwaysShow: true,
    ...(page ? { page, buttons: [OPEN_BUTTON] } : {}),
  };
}

/** Why search is not offered, for the failures that will not pass by retyping; undefined: keep trying. */
export function unavailableHint(error: unknown): string | undefined {
  if (!isGmsError(error)) return undefined;
  switch (error.kind) {
    case 'notFound':
    case 'invalidResponse':
      return 'DataHub search is not available on this connection (no GraphQL API): type or paste a full URN.';
    case 'forbidden':
    case 'unauthorized':
      return 'This token may not search DataHub: type or paste a full URN.';
    case 'network':
    case 'timeout':
    case 'tls':
      return 'DataHub search is unreachable right now: type or paste a full URN.';
    default:
      return undefined;
  }
}

/** Wires a LiveSearch to a quick pick: results (or the hint) go to setItems, `busy` while a request runs. */
export function attachLiveSearch<T extends PickItem>(qp: vscode.QuickPick<T>, source: LiveSearchSource, setItems: (items: T[]) => void): LiveSearch {
  const live = new LiveSearch({
    find: (text, signal) => source.find(text, signal),
    unavailable: unavailableHint,
    onResult: (result) => {
      qp.busy = result.kind === 'searching';
      if (result.kind === 'results') {
        const frontend = source.frontendUrl?.();
        const items = result.entities.map((e) => entityItem(e, frontend));
        setItems(
          (items.length > 0 ? items : [{ label: `$(info) Nothing in DataHub search matches "${plainText(result.text, 80)}"`, alwaysShow: true }]) as T[],
        );
      } else if (result.kind === 'unavailable') setItems([{ label: `$(info) ${result.hint}`, alwaysShow: true }] as T[]);
      else if (result.kind === 'idle') setItems([]);
    },
  });
  const buttons = qp.onDidTriggerItemButton((e) => {
    if (e.item.page) void vscode.env.openExternal(vscode.Uri.parse(e.item.page, true));
  });
  const dispose = live.dispose.bind(live);
  live.dispose = () => {
    dispose();
    buttons.dispose();
    qp.busy = false;
    source.onClose?.(live.stats);
  };
  return live;
}

/** A source backed by the active connection's client (resolved once per prompt). */
export function connectionSearch(services: Services): LiveSearchSource {
  return {
    async find(text, signal) {
      const active = await services.connections.client();
      return active.client.search.findEntities(text, signal);
    },
    frontendUrl: () => services.connections.active()?.frontendUrl,
    onClose(stats) {
      if (stats.sent > 0) services.log.debug(`URN search: ${stats.sent} sent, ${stats.cancelled} cancelled as stale, ${stats.completed} answered`);
    },
  };
}
