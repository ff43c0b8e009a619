// Prompt and modal titles name the connection they act on (titleFor's one rule);
// this reads the active connection for prompts that act on it.
import type { Services } from './services';
import { titleFor } from '../shared/connections';

export { titleFor };

/** titleFor the active connection: "Restore Indices · prod (production)". */
export function activeTitle(services: Pick<Services, 'connections'>, action: string): string {
  return titleFor(services.connections.active(), action);
}
