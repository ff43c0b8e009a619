// Non-2xx answers of the Doctor's endpoints (doctor.ts): "not offered" told apart from failing.
// - Not offered (GmsError notFound, code openapiMissing; isNotOffered()): a 404 without the
//   controller's own {"error"} (Spring's 404 JSON on an older release, Rest.li's "No root resource
//   defined" on a server without the OpenAPI servlet, a frontend's HTML page), a 405 (the path is
//   there for another method only, or a frontend that refuses it), and Spring's
//   NoResourceFoundException ("No static resource <path>.") that some GMS releases answer as a 500.
// - KafkaController.java: a 404 {"error": "Consumer group not found: <id>"} / "Topic not found: <name>"
//   is that object missing (notFound, no code); a 500 "Consumer group is not a DataHub consumer group:
//   <id>. Valid groups: [...]" / "Topic is not a DataHub topic: ..." (InvalidConsumerGroupException /
//   InvalidTopicException caught as KafkaAdminException) is notFound too: DataHub's controller serves
//   its own groups and topics only.
// - 403 {"error": "<actor> is not authorized to perform <operation>"}: MANAGE_SYSTEM_OPERATIONS (PRIVILEGES).
// - Everything else as the OpenAPI operations say it (errors.ts).
import { GmsError } from '../errors';
import { bodyForLog, looksLikeHtml } from '../errorMapping';
import { openapiHttpError, openapiMessageOf, type OpenapiFailure } from './openapiErrors';

const NO_STATIC_RESOURCE = /No static resource/i;
const NAMED_MISSING = /^(Consumer group|Topic) not found: /;
const NOT_DATAHUBS = /is not a DataHub (consumer group|topic): /;

/** The path under the GMS base, for messages: "/openapi/operations/kafka/topics". */
function pathOf(f: OpenapiFailure): string {
  const path = f.url.startsWith(f.baseUrl) ? f.url.slice(f.baseUrl.length) : new URL(f.url).pathname;
  return path === '' ? '/' : path;
}

export function notOffered(f: OpenapiFailure, why: string): GmsError {
  const serverMessage = openapiMessageOf(f.body, f.contentType);
  const frontend = looksLikeHtml(f.contentType, f.body) && !/\/api\/gms$/.test(f.baseUrl) ? `; if the URL points at the frontend, try ${f.origin}/api/gms` : '';
  return new GmsError({
    action: f.action,
    status: f.status,
    serverMessage,
    body: bodyForLog(f.body),
    kind: 'notFound',
    code: 'openapiMissing',
    message: `${f.status} from ${f.origin}: this DataHub does not offer ${pathOf(f)} (${why}: an older release, or its OpenAPI servlet is off)${frontend}.`,
  });
}

export function doctorHttpError(f: OpenapiFailure): GmsError {
  const serverMessage = openapiMessageOf(f.body, f.contentType);
  const from = `${f.status} from ${f.origin}`;
  const common = { action: f.action, status: f.status, serverMessage, body: bodyForLog(f.body) };
  if ((f.status === 404 || f.status === 500) && serverMessage !== undefined && NAMED_MISSING.test(serverMessage)) {
    return new GmsError({ ...common, kind: 'notFound', message: `${from}: ${serverMessage}.` });
  }
  if (f.status === 500 && serverMessage !== undefined && NOT_DATAHUBS.test(serverMessage)) {
    const line = serverMessage.length > 300 ? `${serverMessage.slice(0, 300)}…` : serverMessage;
    return new GmsError({ ...common, kind: 'notFound', message: `${from}: ${line} (DataHub's Kafka operations serve DataHub's own groups and topics only).` });
  }
  if (f.status === 404) return notOffered(f, 'no such endpoint');
  if (f.status === 405) return notOffered(f, 'the path does not take this method');
  if (f.status >= 500 && NO_STATIC_RESOURCE.test(f.body)) return notOffered(f, 'Spring found no handler for it');
  return openapiHttpError(f);
}
