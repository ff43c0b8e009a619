// Recently restored URNs and patterns, per connection, newest first, bounded.
// Kept in globalState: they name data, not secrets, and follow the user across workspaces.
import type * as vscode from 'vscode';

const KEY = 'datahub.restore.recent.v1';
export const MAX_RECENT = 20;

type Kind = 'urns' | 'patterns';
type Stored = Record<string, Partial<Record<Kind, string[]>>>;

export class RecentRestores {
  constructor(private readonly memento: vscode.Memento) {}

  private read(): Stored {
    const value = this.memento.get<unknown>(KEY);
    return typeof value === 'object' && value !== null ? (value as Stored) : {};
  }

  list(connection: string | undefined, kind: Kind): string[] {
    if (!connection) return [];
    const values = this.read()[connection]?.[kind];
    return Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string').slice(0, MAX_RECENT) : [];
  }

  async add(connection: string | undefined, kind: Kind, values: string[]): Promise<void> {
    if (!connection || values.length === 0) return;
    const stored = this.read();
    const previous = this.list(connection, kind);
    const fresh = [...new Set([...values].reverse())];
    const next = [...fresh, ...previous.filter((v) => !fresh.includes(v))].slice(0, MAX_RECENT);
    await this.memento.update(KEY, { ...stored, [connection]: { ...stored[connection], [kind]: next } });
  }
}
