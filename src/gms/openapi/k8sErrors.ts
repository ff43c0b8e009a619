// Non-2xx answers of the Kubernetes operations (KubernetesController.java): what each
// status means there, in words that say what to do next.
// - 503 {"error": "Kubernetes integration not available"}: GMS does not run in Kubernetes.
// - 404 with {"error": "<Kind> not found: <name>"} (or "Pod not found: <name>" as text for
//   logs): that object is missing. A 404 without it: the controller is not there at all
//   (kubernetes.operationsApiEnabled=false, @ConditionalOnProperty, or an older server).
// - 403 {"error": "<actor> is not authorized for Kubernetes operations"}: MANAGE_SYSTEM_OPERATIONS.
// - 400 {"error": ...}: a refused request (e.g. "Job name is required"); a duplicate job name is
//   the Kubernetes client's exception, a 500.
// - 500 "Failed to retrieve logs: <the fabric8 exception>" from getPodLogs: when the container has not
//   started, the Kubernetes API's 400 "container ... is waiting to start: ContainerCreating" (or
//   PodInitializing, ErrImagePull...) inside it: expected while a pod starts (code k8sLogWaiting).
// - A 503 without the controller's own {"error"} (an ingress's HTML page while GMS restarts) is a
//   server that does not answer, not a GMS outside Kubernetes.
import { GmsError } from '../errors';
import { bodyForLog } from '../errorMapping';
import { openapiHttpError, openapiMessageOf, type OpenapiFailure } from './openapiErrors';

export const K8S_UNAVAILABLE = 'GMS is not running in Kubernetes (its Kubernetes operations answer 503): use the manifest or the docker command instead';
export const K8S_MISSING =
  "this DataHub server has no Kubernetes operations (404): they are switched off (kubernetes.operationsApiEnabled=false) or the server is older than DataHub's KubernetesController; use the manifest or the docker command instead";

/** The Kubernetes API's refusal of a log whose container has not started, as the controller passes it on. */
const WAITING = /is waiting to start: ([A-Za-z]{1,40})/;

/** A named object the controller did not find, from its own error text. */
const NOT_FOUND = /^(?:[A-Za-z ]+) not found: /;

export function k8sHttpError(f: OpenapiFailure): GmsError {
  const serverMessage = openapiMessageOf(f.body, f.contentType);
  const common = { action: f.action, status: f.status, serverMessage, body: bodyForLog(f.body) };
  const from = `${f.status} from ${f.origin}`;
  const waiting = f.action === 'k8sLogs' ? WAITING.exec(f.body) : null;
  if (waiting) {
    return new GmsError({
      ...common,
      kind: 'badRequest',
      code: 'k8sLogWaiting',
      message: `${from}: the pod's container has not started yet (${waiting[1]}): its log is not there yet.`,
    });
  }
  if (f.status === 503 && serverMessage !== undefined && /Kubernetes integration not available/i.test(serverMessage)) {
    return new GmsError({ ...common, kind: 'server', code: 'k8sUnavailable', message: `${from}: ${K8S_UNAVAILABLE}.` });
  }
  if (f.status === 404) {
    if (serverMessage !== undefined && NOT_FOUND.test(serverMessage)) {
      return new GmsError({ ...common, kind: 'notFound', message: `${from}: ${serverMessage} in GMS's namespace; check the name.` });
    }
    return new GmsError({ ...common, kind: 'notFound', code: 'k8sMissing', message: `${from}: ${K8S_MISSING}.` });
  }
  if (f.status === 400 && serverMessage !== undefined) {
    return new GmsError({ ...common, kind: 'badRequest', message: `${from}: the server refused the Kubernetes request: ${serverMessage}` });
  }
  return openapiHttpError(f);
}
