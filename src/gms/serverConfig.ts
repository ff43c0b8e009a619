// GET {gms}/config: the server's version, for tools that must match it (the
// datahub-upgrade image tag). GMS answers with its GitVersion under
// versions["acryldata/datahub"] (metadata-service/servlet/.../gms/servlet/Config.java);
// datahub-frontend answers its own /config with { config: { application: ... } }.
import * as z from 'zod/v4/mini';
import { isGmsError } from './errors';
import { exchange } from './http';
import type { ServerVersion } from './types';
import type { WireContext } from './wire';

// zod/v4/mini, as every other schema: the classic API would put a second zod into dist/gms.js.
const gmsConfigSchema = z.looseObject({
  versions: z.optional(z.record(z.string(), z.looseObject({ version: z.optional(z.string()), commit: z.optional(z.string()) }))),
  datahub: z.optional(z.looseObject({ serverType: z.optional(z.string()) })),
  config: z.optional(z.looseObject({ application: z.optional(z.string()) })),
});

/** Text from the server, cut and flattened before it goes into a message. */
function short(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 60)}…` : flat;
}

/** Reads the version out of a /config answer body; `origin` names the server in messages. */
export function parseServerConfig(text: string, origin: string, gmsUrl: string): ServerVersion {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: `${gmsUrl}/config did not answer with JSON` };
  }
  const parsed = gmsConfigSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: `${gmsUrl}/config is not DataHub's configuration` };
  const config = parsed.data;
  if (config.config?.application === 'datahub-frontend') {
    return { ok: false, reason: `${gmsUrl} answers as datahub-frontend, which does not report GMS's version; use ${origin}/api/gms as the connection URL` };
  }
  const version = config.versions?.['acryldata/datahub']?.version?.trim();
  if (!version || version === 'null' || version === 'unknown') {
    return { ok: false, reason: `${gmsUrl}/config reports no DataHub version` };
  }
  const result: ServerVersion = { ok: true, version: short(version) };
  const commit = config.versions?.['acryldata/datahub']?.commit;
  if (commit) result.commit = short(commit);
  if (config.datahub?.serverType) result.serverType = short(config.datahub.serverType);
  return result;
}

/** GET {gms}/config: never throws but for cancellation; a failure is a reason. */
export async function readServerVersion(ctx: WireContext, signal?: AbortSignal): Promise<ServerVersion> {
  // /config is outside the operations resource and needs no privilege; the token goes along for proxies that want one.
  const { baseUrl, origin } = ctx;
  const path = `${new URL(`${baseUrl}/config`).pathname}`;
  const started = Date.now();
  const headers = { accept: 'application/json', 'x-restli-protocol-version': '2.0.0', ...ctx.headers };
  try {
    const answer = await exchange(ctx.dispatcher, {
      action: 'getServerConfig',
      origin,
      path,
      method: 'GET',
      headers,
      timeoutMs: ctx.timeoutMs,
      maxResponseBytes: ctx.maxResponseBytes,
      signal,
    });
    ctx.log({
      action: 'getServerConfig',
      url: `${baseUrl}/config`,
      attempt: 1,
      status: answer.status,
      durationMs: Date.now() - started,
      responseBytes: answer.bytes,
    });
    if (answer.status < 200 || answer.status >= 300) return { ok: false, reason: `${baseUrl}/config answered ${answer.status}` };
    return parseServerConfig(ctx.hideToken(answer.text), origin, baseUrl);
  } catch (error) {
    const failure = isGmsError(error) ? error : undefined;
    if (failure?.kind === 'cancelled') throw failure;
    return { ok: false, reason: failure ? ctx.hideToken(failure.message) : `${baseUrl}/config could not be read` };
  }
}
