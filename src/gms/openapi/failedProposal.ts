// The failed proposal inside an mcp-failed message: FailedMetadataChangeProposal (metadata-models
// .../mxe/FailedMetadataChangeProposal.pdl: {metadataChangeProposal, error}) as Avro prints it. Open-source
// DataHub writes no Kafka headers on it: the error is the value's `error` field, a JSON list for
// validation failures, a stack trace otherwise. The error text is capped at MESSAGE_TEXT_MAX.
import type { FailedProposal } from '../doctorTypes';
import { capText, defined, isObj, obj, shortLine, str, type Obj } from './doctorShapes';

/** A union branch of Avro's JSON ({"string": "x"} in some encoders) or the plain value. */
const avroString = (v: unknown): string | undefined => str(v) ?? str(obj(v).string);

/** An error text that cannot be read whole: what can be said from its start (the type of a validation list, the first line). */
function errorFromText(error: string): Pick<FailedProposal, 'error' | 'errorList' | 'errorTruncated' | 'errorKind' | 'errorSummary'> {
  const cut = capText(error);
  const t = error.trim();
  if (t.startsWith('[')) {
    try {
      const list: unknown = JSON.parse(t);
      if (Array.isArray(list)) {
        const first = list[0];
        const summary = typeof first === 'string' ? first : isObj(first) ? (str(first.message) ?? JSON.stringify(first)) : undefined;
        return {
          error: cut.text,
          ...(cut.truncated ? { errorTruncated: true } : {}),
          ...(cut.truncated ? {} : { errorList: list }),
          errorKind: 'validation',
          ...(shortLine(summary) ? { errorSummary: shortLine(summary) } : {}),
        };
      }
    } catch {
      // A cut or broken list: still a validation failure by its look.
    }
    return { error: cut.text, ...(cut.truncated ? { errorTruncated: true } : {}), errorKind: 'validation', errorSummary: shortLine(t) };
  }
  return {
    error: cut.text,
    ...(cut.truncated ? { errorTruncated: true } : {}),
    errorKind: 'exception',
    ...(shortLine(t) ? { errorSummary: shortLine(t) } : {}),
  };
}

/** The failed proposal of an mcp-failed value: the MCP's URN, aspect and change type, and the error. */
export function failedProposalOf(value: Obj): FailedProposal {
  const mcp = obj(value.metadataChangeProposal ?? value.mcp);
  const error = avroString(value.error);
  return defined({} as FailedProposal, {
    entityUrn: avroString(mcp.entityUrn),
    entityType: avroString(mcp.entityType),
    aspectName: avroString(mcp.aspectName),
    changeType: avroString(mcp.changeType),
    ...(error !== undefined ? errorFromText(error) : {}),
  });
}
