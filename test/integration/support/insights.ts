// Shared by the insights suites: the part's test seam, the sandbox's index list
// and what it serves (asked over HTTP, not through the extension), the history file.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { decodeHistory, type History } from '../../../src/insights/logic/history';
import type { InsightsTestApi } from '../../../src/api/testApi';
import type { ExtraIndex } from '../../sandbox/api';
import { api, exec as run, sandboxUrl, SANDBOX_TOKENS, TRANSPORT } from './core';
import { Commands } from '../../../src/shared/commandIds';

export const exec = <T>(command: string, arg?: unknown): Promise<T> => run<T>(command, arg);
export const CONNECTION = 'insights';
export const HOSTILE = ['<script>alert("x")</script>', '=HYPERLINK("http://evil")', 'a|b\'"c', '@SUM(1)'];

export async function insights(): Promise<Required<InsightsTestApi>> {
  const value = (await api()).insights;
  assert.ok(value.chart && value.history, 'the insights part did not register');
  return value as Required<InsightsTestApi>;
}

export async function setIndices(indices: ExtraIndex[], replace = true): Promise<void> {
  const response = await fetch(`${sandboxUrl()}/__sandbox/indices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ indices, replace }),
  });
  assert.equal(response.status, 200);
}

/** What the sandbox serves, asked directly over HTTP (not through the extension), over the transport this run's sandbox has. */
export async function served(): Promise<Array<{ indexName: string; entityName?: string; aspectName?: string; sizeInMb: number }>> {
  const auth = { authorization: `Bearer ${SANDBOX_TOKENS.admin}` };
  if (TRANSPORT === 'openapi') {
    const response = await fetch(`${sandboxUrl()}/openapi/operations/elasticSearch/getIndexSizes`, { headers: auth });
    assert.equal(response.status, 200);
    const { sizes } = (await response.json()) as { sizes: Array<{ indexName: string; entityName?: string; aspectName?: string; sizeMb: number }> };
    return sizes.map(({ sizeMb, ...rest }) => ({ ...rest, sizeInMb: sizeMb }));
  }
  const response = await fetch(`${sandboxUrl()}/operations?action=getIndexSizes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth, 'x-restli-protocol-version': '2.0.0' },
    body: '{}',
  });
  assert.equal(response.status, 200);
  return ((await response.json()) as { value: { indexSizes: [] } }).value.indexSizes;
}

export async function historyFile(): Promise<History> {
  const { history } = await insights();
  await history.flush();
  return decodeHistory(new TextDecoder().decode(await vscode.workspace.fs.readFile(history.uri)));
}

export const refresh = () => exec<{ fetchedAt: number; indices: Array<{ indexName: string; sizeMb: number | null }> }>(Commands.refreshIndexSizes, {});
