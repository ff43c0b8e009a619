// Facts other parts know about a connection's DataHub (Search Health's lag and drift, the jobs
// watched on the cluster), gathered for the DataHub Doctor's report. Each source gives its facts when
// asked; nothing is read from a server here.
import * as vscode from 'vscode';
import type { ConnectionFact } from '../shared/statusFact';

export interface StatusFactsService {
  /** The facts every source knows now about this connection. */
  facts(connection: string): ConnectionFact[];
  /** Adds a source of facts. */
  register(facts: () => ConnectionFact[]): vscode.Disposable;
}

export class StatusFactsHub implements StatusFactsService {
  private readonly sources = new Set<() => ConnectionFact[]>();

  facts(connection: string): ConnectionFact[] {
    return [...this.sources].flatMap((source) => {
      try {
        return source().filter((f) => f.connection === connection);
      } catch {
        // One source failing must not take the report down.
        return [];
      }
    });
  }

  register(facts: () => ConnectionFact[]): vscode.Disposable {
    this.sources.add(facts);
    return new vscode.Disposable(() => this.sources.delete(facts));
  }
}
