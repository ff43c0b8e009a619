// Response bodies in the forms GMS really produces: Rest.li JSON errors, the
// servlet error page of the auth filter, a proxy's HTML error page.

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const RESOURCE = 'com.linkedin.metadata.resources.operations.OperationsResource';

/** Frames of a typical GMS stack trace: clients must log it, never show it. */
const FRAMES = [
  `${RESOURCE}.lambda$ACTION$1(OperationsResource.java:170)`,
  'com.linkedin.metadata.restli.RestliUtil.toTask(RestliUtil.java:30)',
  `${RESOURCE}.ACTION(OperationsResource.java:164)`,
  'java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)',
  'java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke(NativeMethodAccessorImpl.java:77)',
  'java.base/java.lang.reflect.Method.invoke(Method.java:568)',
  'com.linkedin.restli.internal.server.RestLiMethodInvoker.doInvoke(RestLiMethodInvoker.java:177)',
  'com.linkedin.restli.internal.server.RestLiMethodInvoker.invoke(RestLiMethodInvoker.java:333)',
  'com.linkedin.restli.internal.server.filter.FilterChainDispatcherImpl.onRequestSuccess(FilterChainDispatcherImpl.java:47)',
  'com.linkedin.restli.internal.server.filter.RestLiFilterChainIterator.onRequest(RestLiFilterChainIterator.java:86)',
  'com.linkedin.restli.internal.server.filter.RestLiFilterChain.onRequest(RestLiFilterChain.java:55)',
  'com.linkedin.restli.server.BaseRestLiServer.handleResourceRequest(BaseRestLiServer.java:270)',
  'com.linkedin.restli.server.RestRestLiServer.handleResourceRequestWithRestLiResponse(RestRestLiServer.java:294)',
  'com.linkedin.restli.server.RestRestLiServer.handleResourceRequest(RestRestLiServer.java:262)',
  'com.linkedin.restli.server.RestRestLiServer.doHandleRequest(RestRestLiServer.java:187)',
  'com.linkedin.restli.server.RestRestLiServer.handleRequest(RestRestLiServer.java:164)',
  'com.linkedin.restli.server.RestLiServer.handleRequest(RestLiServer.java:120)',
  'com.linkedin.restli.server.DelegatingTransportDispatcher.handleRestRequest(DelegatingTransportDispatcher.java:70)',
  'com.linkedin.r2.filter.transport.DispatcherRequestFilter.onRestRequest(DispatcherRequestFilter.java:70)',
  'com.linkedin.r2.filter.TimedRestFilter.onRestRequest(TimedRestFilter.java:76)',
  'com.linkedin.r2.transport.http.server.AbstractR2Servlet.service(AbstractR2Servlet.java:105)',
  'javax.servlet.http.HttpServlet.service(HttpServlet.java:790)',
  'org.eclipse.jetty.servlet.ServletHolder.handle(ServletHolder.java:799)',
  'com.datahub.auth.authentication.filter.AuthenticationFilter.doFilter(AuthenticationFilter.java:102)',
  'org.eclipse.jetty.servlet.ServletHandler$ChainEnd.doFilter(ServletHandler.java:1656)',
  'org.eclipse.jetty.server.handler.ScopedHandler.handle(ScopedHandler.java:141)',
  'org.eclipse.jetty.server.Server.handle(Server.java:516)',
  'org.eclipse.jetty.io.ChannelEndPoint$1.run(ChannelEndPoint.java:104)',
  'java.base/java.lang.Thread.run(Thread.java:833)',
];

export function restliErrorBody(status: number, message: string, action = 'action'): string {
  const head = `com.linkedin.restli.server.RestLiServiceException [HTTP Status:${status}]: ${message}`;
  const stackTrace = [head, ...FRAMES.map((f) => `\tat ${f.replace(/ACTION/g, action)}`)].join('\n');
  return JSON.stringify({ exceptionClass: 'com.linkedin.restli.server.RestLiServiceException', stackTrace, message, status });
}

export function restliError(status: number, message: string, action?: string): Reply {
  return {
    status,
    headers: {
      'content-type': 'application/json',
      'x-restli-error-response': 'true',
      'x-restli-protocol-version': '2.0.0',
    },
    body: restliErrorBody(status, message, action),
  };
}

export function jsonReply(value: unknown, status = 200): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json', 'x-restli-protocol-version': '2.0.0' },
    body: JSON.stringify(value),
  };
}

/** Jetty's error page, as GMS's auth filter sends it with sendError(401, message). */
export function servletErrorPage(status: number, message: string, uri: string): Reply {
  const body = [
    '<html>',
    '<head>',
    '<meta http-equiv="Content-Type" content="text/html;charset=ISO-8859-1"/>',
    `<title>Error ${status} ${message}</title>`,
    '</head>',
    `<body><h2>HTTP ERROR ${status} ${message}</h2>`,
    '<table>',
    `<tr><th>URI:</th><td>${escapeHtml(uri)}</td></tr>`,
    `<tr><th>STATUS:</th><td>${status}</td></tr>`,
    `<tr><th>MESSAGE:</th><td>${message}</td></tr>`,
    '<tr><th>SERVLET:</th><td>restliRequestHandler</td></tr>',
    '</table>',
    '',
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { status, headers: { 'content-type': 'text/html;charset=iso-8859-1', 'cache-control': 'must-revalidate,no-cache,no-store' }, body };
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Request Entity Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Temporarily Unavailable',
  504: 'Gateway Time-out',
};

/** An nginx-style error page, what a reverse proxy in front of GMS answers. */
export function proxyErrorPage(status: number): Reply {
  const title = `${status} ${REASONS[status] ?? 'Error'}`;
  const body = `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
  return { status, headers: { 'content-type': 'text/html', server: 'nginx' }, body };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}
