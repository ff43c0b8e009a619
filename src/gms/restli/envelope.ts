// Every 2xx answer is {"value": ...}; anything else (HTML, cut-short JSON) is
// an invalidResponse, with a hint when it looks like the frontend answered.
import { invalidResponse, looksLikeHtml } from '../errorMapping';
import { envelopeSchema } from '../schemas';
import type { GmsAction } from '../types';

export interface AnswerMeta {
  contentType?: string;
  status?: number;
  /** For the frontend hint, e.g. https://host */
  origin?: string;
}

/** Returns the `value` of a successful answer's body. Throws GmsError 'invalidResponse'. */
export function decodeEnvelope(action: GmsAction, text: string, meta: AnswerMeta = {}): unknown {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const hint = meta.origin ? `; the URL may point at the frontend: try ${meta.origin}/api/gms` : '';
    const reason = looksLikeHtml(meta.contentType, text) ? `an HTML page instead of JSON${hint}` : 'the body is not JSON (cut short, or not DataHub)';
    throw invalidResponse(action, reason, text, meta.status);
  }
  const envelope = envelopeSchema.safeParse(json);
  // zod lets an unknown field be absent; an answer without "value" is not DataHub's.
  if (!envelope.success || !Object.prototype.hasOwnProperty.call(json, 'value')) {
    throw invalidResponse(action, 'the JSON has no "value"', text, meta.status);
  }
  return envelope.data.value;
}
