// Errors raised by the connection layer itself (not by the GMS client).
// Matched by name rather than instanceof, like GmsError, so copies in other
// bundles (tests, lazily loaded modules) still match.

export type ConnectionErrorCode = 'noConnection' | 'unknownConnection' | 'duplicateName' | 'invalidConnection' | 'caFile' | 'readOnly';

export class ConnectionError extends Error {
  override readonly name = 'ConnectionError';
  constructor(
    readonly code: ConnectionErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isConnectionError(value: unknown): value is ConnectionError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'ConnectionError' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}

export function noConnectionError(): ConnectionError {
  return new ConnectionError(
    'noConnection',
    'No DataHub connection is set up. Add one with "DataHub: Add Connection…" or import it with "DataHub: Import Connection from DataHub CLI".',
  );
}
