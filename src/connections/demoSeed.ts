// Demo support (`npm start`): when DATAHUB_DEMO_* variables are set, add the demo
// connection and store its token once. Never runs otherwise; never logs the token.
import type { Services } from '../ui/services';
import { normaliseGmsUrl } from '../gms/url';

export async function seedDemoToken(services: Services): Promise<void> {
  const url = process.env.DATAHUB_DEMO_GMS_URL?.trim();
  if (!url) return;
  const token = process.env.DATAHUB_DEMO_TOKEN?.trim() || undefined;
  const name = process.env.DATAHUB_DEMO_CONNECTION_NAME?.trim() || 'demo';
  const { connections, log } = services;
  try {
    const gmsUrl = normaliseGmsUrl(url);
    const existing = connections.get(name);
    if (!existing) await connections.add({ name, gmsUrl }, token);
    else if (token && existing.gmsUrl === gmsUrl && (await connections.getToken(existing)) !== token) await connections.setToken(existing, token);
    if (!connections.active() || connections.active()?.name !== name) await connections.setActive(name);
    log.info(`Demo connection "${name}" (${gmsUrl}) ready${token ? ' with a token' : ''}.`);
  } catch (error) {
    log.warn(`Demo connection not set up: ${error instanceof Error ? error.message : String(error)}`);
  }
}
