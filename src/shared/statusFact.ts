// One fact about a connection's DataHub, as the DataHub Doctor shows it: a verdict, a summary, the
// next step in words (and a command for it), the figures, and where it was read. Features that know
// such a fact (Search Health's lag and drift, the jobs watched on the cluster) give theirs through
// src/platform/statusFacts.ts; the Doctor reads its own endpoints into the same shape. No vscode import.
import { Commands } from './commandIds';

/**
 * The only commands a fact may name as its next step (the DataHub Doctor's Take Next Step runs it):
 * a fixed set, so no line, whatever its text, can offer a command outside it.
 */
export const NEXT_COMMANDS = [
  Commands.setAccessToken,
  Commands.testConnection,
  Commands.resetConsumerOffsets,
  Commands.checkUpgradeReadiness,
  Commands.resumeClusterJob,
  Commands.showClusterJobLog,
  Commands.showUpgradeReindexLog,
  Commands.refreshSearchHealth,
  Commands.checkSearchHealth,
  Commands.fixSearchDrift,
  Commands.listIngestionRuns,
] as const;
export type NextCommand = (typeof NEXT_COMMANDS)[number];

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
  /** The command that helps with the next step (one of NEXT_COMMANDS). */
  nextCommand?: NextCommand;
  /** The arguments that command acts on (a watched job's name), passed with it. */
  nextArgs?: Record<string, string>;
  /** Where it was read: the endpoint(s), or the view that holds it. */
  source: string;
  /** Further lines, each capped, a few at most. */
  details?: string[];
  /** Findings under the line (the DataHub GC's), worst first, each with its own verdict and next step; capped. */
  findings?: FactFinding[];
}

/** One finding shown under a line. */
export interface FactFinding {
  verdict: 'ok' | 'warning' | 'failing';
  summary: string;
  nextStep?: string;
}

/** A fact with the connection it is about (a provider may know several connections). */
export interface ConnectionFact extends StatusFact {
  connection: string;
}
