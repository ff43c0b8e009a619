// Connections from the user's global settings, tokens in SecretStorage, and one
// cached client per connection. A workspace value of datahub.connections is
// never read: it could send a token somewhere the user did not choose.
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { GmsApiChoice, GmsClient, GmsTransport } from '../gms/types';
import type { ActiveClient, Connection, ConnectionChanges, ConnectionService } from '../platform/services';
import { ConnectionError, noConnectionError } from '../shared/connectionError';
import { isInsecureRemote, parseConnections, TOKEN_KEY_PREFIX, tokenSecretKey, urlOrigin } from '../shared/connections';
import { CLIENT_SETTINGS, clientSettings } from './clientOptions';
import { loadGms } from '../platform/loadGms';
import { Commands } from '../shared/commandIds';
import { showTlsRefusals, warnTlsOffOnce } from './tlsOff';
import { RequestLog } from './requestLog';
import { recordWrite } from '../platform/journal';

const ACTIVE_KEY = 'datahub.activeConnection';
const HTTP_WARNED_KEY = 'datahub.httpWarned';

interface CachedClient {
  token: string | undefined;
  gmsUrl: string;
  api: GmsApiChoice;
  promise: Promise<ActiveClient>;
}

export class SettingsConnectionService implements ConnectionService, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private listCache: Connection[] | undefined;
  private listFingerprint = '';
  private readonly clients = new Map<string, CachedClient>();
  /** What each connection's server showed of its transport (api 'auto'), kept while its URL stays: a new token or client does not ask again. */
  private readonly transports = new Map<string, { gmsUrl: string; transport: GmsTransport }>();
  /** Last token value this window knows per secret key, to tell our own writes from other windows'. */
  private readonly knownTokens = new Map<string, string | undefined>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly requests: RequestLog;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.requests = new RequestLog(log);
    this.disposables.push(
      this.emitter,
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!CLIENT_SETTINGS.some((s) => e.affectsConfiguration(s))) return;
        const clientChanged = CLIENT_SETTINGS.some((s) => s !== 'datahub.connections' && e.affectsConfiguration(s));
        if (clientChanged) {
          this.dropClients();
          this.reloadList();
          this.emitter.fire();
        } else if (this.reloadList()) {
          this.emitter.fire();
        }
      }),
      context.secrets.onDidChange((e) => void this.onSecretChanged(e.key)),
    );
  }

  /** Re-reads the setting; true when the list differs (clients of changed connections are dropped). */
  private reloadList(): boolean {
    const before = this.listCache;
    const fingerprint = this.listFingerprint;
    this.listCache = undefined;
    this.list();
    if (fingerprint === this.listFingerprint) return false;
    for (const old of before ?? []) {
      const now = this.get(old.name);
      if (!now || now.gmsUrl !== old.gmsUrl || now.rejectUnauthorized !== old.rejectUnauthorized || now.caFile !== old.caFile) this.dropClient(old.name);
    }
    return true;
  }

  list(): Connection[] {
    if (!this.listCache) {
      const raw = vscode.workspace.getConfiguration('datahub').inspect('connections')?.globalValue;
      const { connections, problems } = parseConnections(raw);
      for (const problem of problems) this.log.warn(problem);
      showTlsRefusals(problems);
      this.listCache = connections;
      this.listFingerprint = JSON.stringify(connections);
    }
    return this.listCache;
  }

  get(name: string): Connection | undefined {
    return this.list().find((c) => c.name === name);
  }

  active(): Connection | undefined {
    const list = this.list();
    const name = this.context.globalState.get<string>(ACTIVE_KEY);
    return list.find((c) => c.name === name) ?? list[0];
  }

  async setActive(name: string): Promise<void> {
    const connection = this.get(name);
    if (!connection) throw unknownConnection(name, this.list());
    const before = this.active();
    await this.context.globalState.update(ACTIVE_KEY, name);
    if (before?.name !== name) {
      this.log.info(`Active connection: ${name} (${connection.gmsUrl})`);
      this.emitter.fire();
    }
  }

  async getToken(connection: Connection): Promise<string | undefined> {
    const key = tokenSecretKey(connection);
    const token = (await this.context.secrets.get(key)) || undefined;
    this.knownTokens.set(key, token);
    return token;
  }

  async setToken(connection: Connection, token: string): Promise<void> {
    const value = token.trim();
    if (!value) throw new ConnectionError('invalidConnection', 'The access token is empty. Paste a DataHub personal access token.');
    if (/\s/.test(value))
      throw new ConnectionError('invalidConnection', 'The access token contains spaces or line breaks. Paste the token alone, without "Bearer ".');
    const key = tokenSecretKey(connection);
    this.knownTokens.set(key, value);
    await this.context.secrets.store(key, value);
    this.log.info(`Access token stored for ${connection.name} (${urlOrigin(connection.gmsUrl)}).`);
    this.dropClient(connection.name);
    this.emitter.fire();
  }

  async clearToken(connection: Connection): Promise<void> {
    const key = tokenSecretKey(connection);
    this.knownTokens.set(key, undefined);
    await this.context.secrets.delete(key);
    this.log.info(`Access token cleared for ${connection.name}.`);
    this.dropClient(connection.name);
    this.emitter.fire();
  }

  async client(): Promise<ActiveClient> {
    const connection = this.active();
    if (!connection) throw noConnectionError();
    return this.clientFor(connection);
  }

  async clientFor(connection: Connection): Promise<ActiveClient> {
    const token = await this.getToken(connection);
    const cached = this.clients.get(connection.name);
    // The cached client with this connection as it is now (environment and readOnly may have changed since).
    const api = connection.api ?? 'auto';
    // The transport probe is cached with the client: a new URL, token or api setting starts over.
    if (cached && cached.token === token && cached.gmsUrl === connection.gmsUrl && cached.api === api)
      return cached.promise.then((c) => ({ ...c, connection }));
    if (cached) this.dropClient(connection.name);
    const promise = Promise.resolve().then(() => this.createClient(connection, token));
    this.clients.set(connection.name, { token, gmsUrl: connection.gmsUrl, api, promise });
    // A failed creation (e.g. unreadable CA file) must not stick in the cache.
    promise.catch(() => {
      if (this.clients.get(connection.name)?.promise === promise) this.clients.delete(connection.name);
    });
    return promise;
  }

  private createClient(connection: Connection, token: string | undefined): ActiveClient {
    const settings = clientSettings(connection);
    const known = this.transports.get(connection.name);
    const client: GmsClient = loadGms().createGmsClient({
      gmsUrl: connection.gmsUrl,
      token,
      ...settings,
      api: connection.api ?? 'auto',
      knownTransport: known?.gmsUrl === connection.gmsUrl ? known.transport : undefined,
      onRequest: (entry) => this.requests.record(connection.name, entry),
      onWrite: (write) => recordWrite(connection.name, () => this.get(connection.name) ?? connection, write),
      onTransport: (found) => {
        this.transports.set(connection.name, { gmsUrl: connection.gmsUrl, transport: found.transport });
        this.log.info(`${connection.name}: operations over ${found.transport === 'openapi' ? 'OpenAPI' : 'Rest.li'} (${found.reason}).`);
      },
    });
    this.log.debug(
      `Client for ${connection.name}: ${client.baseUrl}, token ${token ? 'set' : 'not set'}, timeout ${settings.timeoutMs} ms, transport ${connection.api ?? 'auto'}` +
        (settings.proxyUrl ? `, proxy ${urlOrigin(settings.proxyUrl)}${settings.proxyAuthorization ? ' with http.proxyAuthorization' : ''}` : '') +
        (settings.proxyStrictSSL === false ? ', proxy certificate unchecked' : '') +
        (settings.ca ? ', extra CA' : '') +
        (settings.rejectUnauthorized === false ? ', TLS verification OFF' : ''),
    );
    if (token && isInsecureRemote(connection.gmsUrl)) void this.warnPlainHttp(connection);
    if (settings.rejectUnauthorized === false) void warnTlsOffOnce(this.context, this.log, connection);
    return { connection, client, hasToken: !!token };
  }

  throttledSince(name: string, since: number): number {
    return this.requests.throttledSince(name, since);
  }

  /** Once per connection: plain http to another host sends the token in clear text. */
  private async warnPlainHttp(connection: Connection): Promise<void> {
    const key = tokenSecretKey(connection);
    const warned = this.context.globalState.get<string[]>(HTTP_WARNED_KEY, []);
    if (warned.includes(key)) return;
    await this.context.globalState.update(HTTP_WARNED_KEY, [...warned, key]);
    this.log.warn(`${connection.name} uses plain http:// to a remote host; the token is sent unencrypted.`);
    const pick = await safeWindow.showWarningMessage(
      `"${connection.name}" uses plain http:// to ${urlOrigin(connection.gmsUrl)}: the access token crosses the network unencrypted. Use an https:// URL if the server offers one.`,
      'Open Settings',
    );
    if (pick) await vscode.commands.executeCommand(Commands.openSettings);
  }

  async add(connection: Connection, token?: string): Promise<Connection> {
    const config = vscode.workspace.getConfiguration('datahub');
    const raw = config.inspect<unknown[]>('connections')?.globalValue;
    const entries = Array.isArray(raw) ? [...raw] : [];
    const taken = entries.some((e) => typeof e === 'object' && e !== null && String((e as { name?: unknown }).name ?? '').trim() === connection.name);
    if (taken) {
      throw new ConnectionError('duplicateName', `A connection named "${connection.name}" already exists. Choose another name, or remove that one first.`);
    }
    const entry: Connection = { name: connection.name, gmsUrl: connection.gmsUrl };
    if (connection.frontendUrl) entry.frontendUrl = connection.frontendUrl;
    if (connection.environment) entry.environment = connection.environment;
    if (connection.readOnly) entry.readOnly = true;
    if (connection.api && connection.api !== 'auto') entry.api = connection.api;
    // Store the token first, so the change event that follows finds it.
    if (token) await this.setToken(entry, token);
    await config.update('connections', [...entries, entry], vscode.ConfigurationTarget.Global);
    if (this.reloadList()) this.emitter.fire();
    this.log.info(`Connection added: ${entry.name} (${entry.gmsUrl})`);
    return entry;
  }

  async remove(name: string): Promise<void> {
    const connection = this.get(name);
    if (!connection) throw unknownConnection(name, this.list());
    const config = vscode.workspace.getConfiguration('datahub');
    const raw = config.inspect<unknown[]>('connections')?.globalValue;
    const entries = (Array.isArray(raw) ? raw : []).filter(
      (e) => !(typeof e === 'object' && e !== null && String((e as { name?: unknown }).name ?? '').trim() === name),
    );
    await this.clearToken(connection);
    await config.update('connections', entries, vscode.ConfigurationTarget.Global);
    if (this.context.globalState.get<string>(ACTIVE_KEY) === name) await this.context.globalState.update(ACTIVE_KEY, undefined);
    this.reloadList();
    this.dropClient(name);
    this.log.info(`Connection removed: ${name}`);
    this.emitter.fire();
  }

  async update(name: string, changes: ConnectionChanges): Promise<Connection> {
    if (!this.get(name)) throw unknownConnection(name, this.list());
    const config = vscode.workspace.getConfiguration('datahub');
    const raw = config.inspect<unknown[]>('connections')?.globalValue;
    const entries = (Array.isArray(raw) ? raw : []).map((e) => {
      if (typeof e !== 'object' || e === null || String((e as { name?: unknown }).name ?? '').trim() !== name) return e;
      const entry: Record<string, unknown> = { ...(e as Record<string, unknown>) };
      if (changes.environment === null) delete entry.environment;
      else if (changes.environment !== undefined) entry.environment = changes.environment;
      if (changes.readOnly === false) delete entry.readOnly;
      else if (changes.readOnly === true) entry.readOnly = true;
      return entry;
    });
    await config.update('connections', entries, vscode.ConfigurationTarget.Global);
    if (this.reloadList()) this.emitter.fire();
    const now = this.get(name);
    if (!now) throw unknownConnection(name, this.list());
    this.log.info(`Connection ${name}: environment ${now.environment ?? 'none'}, ${now.readOnly ? 'read-only' : 'writable'}.`);
    return now;
  }

  private async onSecretChanged(key: string): Promise<void> {
    if (!key.startsWith(TOKEN_KEY_PREFIX)) return;
    const value = (await this.context.secrets.get(key)) || undefined;
    if (this.knownTokens.has(key) && this.knownTokens.get(key) === value) return; // our own write
    this.knownTokens.set(key, value);
    const connection = this.list().find((c) => tokenSecretKey(c) === key);
    if (!connection) return;
    this.log.info(`Access token for ${connection.name} changed in another window.`);
    this.dropClient(connection.name);
    this.emitter.fire();
  }

  private dropClient(name: string): void {
    const cached = this.clients.get(name);
    if (!cached) return;
    this.clients.delete(name);
    // Graceful close: requests already sent finish; the agent then goes away.
    cached.promise.then((c) => c.client.close()).catch(() => undefined);
  }

  private dropClients(): void {
    for (const name of [...this.clients.keys()]) this.dropClient(name);
  }

  dispose(): void {
    this.dropClients();
    for (const d of this.disposables) d.dispose();
  }
}

function unknownConnection(name: string, list: Connection[]): ConnectionError {
  const known = list.length ? ` Known: ${list.map((c) => `"${c.name}"`).join(', ')}.` : ' No connection is set up yet.';
  return new ConnectionError('unknownConnection', `There is no connection named "${name}".${known}`);
}
