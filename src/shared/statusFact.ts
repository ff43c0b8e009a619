// One fact about a connection's DataHub, as the DataHub Doctor shows it: a verdict, a summary, the
// next step in words (and a command for it), the figures, and where it was read. Features that know
// such a fact (Search Health's lag and drift, the jobs watched on the cluster) give theirs through
// src/platform/statusFacts.ts; the Doctor reads its own endpoints into the same shape. No vscode import.

export type FactVerdict = 'ok' | 'warning' | 'failing' | 'notOffered' | 'unreadable';

export interface StatusFact {
  /** Stable id, e.g. 'gmsReady', 'searchCluster', 'consumer:generic-mae-consumer-job-client'. */
  id: string;
  title: string;
  verdict: FactVerdict;
  /** One short sentence; server text in it is capped. */
  summary: string;
  figures: Record<string, number | string | boolean>;
  nextStep?: string;
  /** A datahub.* command id that helps with the next step. */
  nextCommand?: string;
  /** Where it was read: the endpoint(s), or the view that holds it. */
  source: string;
  /** Further lines, each capped, a few at most. */
  details?: string[];
}

/** A fact with the connection it is about (a provider may know several connections). */
export interface ConnectionFact extends StatusFact {
  connection: string;
}
