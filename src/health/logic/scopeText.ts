// A check's scope in a few words, for the view and messages. Pure.
import type { HealthScope } from './check';

export function describeScope(scope: HealthScope): string {
  if (scope.kind === 'entityType') return scope.entityType;
  if (scope.kind === 'urnLike') return scope.urnLike;
  return `${scope.urns.length.toLocaleString('en-US')} URN${scope.urns.length === 1 ? '' : 's'}`;
}
