// The baseline the client is compared with: the same POST (URL, headers, body)
// made with bare undici.request over a keep-alive Agent built with the
// client's settings, and the answer read and JSON-parsed — nothing more.
import { Agent, request } from 'undici';
import { DEFAULT_TIMEOUT_MS, DEFAULT_USER_AGENT } from '../../src/gms/client';
import type { GmsAction } from '../../src/gms/types';

export interface BareClient {
  post(action: GmsAction, body: Record<string, unknown>): Promise<unknown>;
  close(): Promise<void>;
}

export function createBareClient(gmsUrl: string, token: string): BareClient {
  // The settings createTransport() gives the client's Agent (src/gms/http.ts).
  const agent = new Agent({
    headersTimeout: DEFAULT_TIMEOUT_MS,
    bodyTimeout: DEFAULT_TIMEOUT_MS,
    maxRedirections: 0,
    connect: { rejectUnauthorized: true, timeout: DEFAULT_TIMEOUT_MS },
  });
  // The headers the client sends (src/gms/client.ts).
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json',
    'x-restli-protocol-version': '2.0.0',
    'user-agent': DEFAULT_USER_AGENT,
    authorization: `Bearer ${token}`,
  };
  return {
    async post(action, body) {
      const response = await request(`${gmsUrl}/operations?action=${action}`, {
        dispatcher: agent,
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      const text = await response.body.text();
      if (response.statusCode !== 200) throw new Error(`${action} answered ${response.statusCode}: ${text.slice(0, 200)}`);
      return (JSON.parse(text) as { value: unknown }).value;
    },
    close: () => agent.close(),
  };
}
