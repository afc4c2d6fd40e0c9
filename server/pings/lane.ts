import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { pingsContract as c } from '../../shared/api/pings';
import { successOf } from '../../shared/api/route';
import { clientIp } from '../http/client-ip';
import { errorAnswer } from '../http/error-middleware';
import { readJsonBody } from '../http/json-body';
import { elapsedMs, redactUrl, requestIdFrom, requestLines } from '../http/logging';
import { parse } from '../http/validate';
import type { AppMetrics } from '../metrics/metrics';
import type { PingReception } from './reception';

export interface PingLaneOptions {
  reception: PingReception;
  trustProxy: boolean;
  /** the security headers every answer carries (server/http/security-headers.ts) */
  securityHeaders: readonly (readonly [string, string])[];
  logger: Logger;
  metrics?: AppMetrics;
}

const pathOf = (url: string | undefined) => (url ?? '').split('?', 1)[0];

/**
 * The requests the lane answers: installations' `POST /api/ping`, exactly as they send it (no
 * credentials). A ping that carries an Authorization header goes to Koa, whose API checks every
 * token it is given, on public routes too.
 */
export const isLaneRequest = (req: IncomingMessage) => req.method === c.ingest.method && pathOf(req.url) === c.ingest.path && req.headers.authorization === undefined;

/**
 * `POST /api/ping` answered on node:http, before Koa (issue 32): the busiest route, where Koa's
 * context, middleware chain and matching of every route cost several times the ping's own work.
 * The same steps as the Koa route, from the same functions: request id and log line, the
 * per-address limit, the JSON body reader, the contract's schema with the text rule, the
 * reception, errors as `{error, details}` with `latest_version`, the security headers and the
 * request metric. `lane.parity.integration.test.ts` holds its answers to the Koa route's. One
 * difference on purpose: the limit is counted before the body is read (Koa's API reads bodies
 * first), so a sender over its limit costs no body read; a ping both over the limit and malformed
 * is a 429 here, a 400 there.
 */
export function pingLane(o: PingLaneOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const writeLine = requestLines(o.logger);
  const success = successOf(c.ingest).status;

  async function answer(req: IncomingMessage, requestId: string) {
    try {
      const ip = clientIp(req, o.trustProxy);
      o.reception.admit(ip);
      const body = parse(c.ingest.body.schema, (await readJsonBody(req)).parsed, c.ingest.body.what);
      return { status: success, body: await o.reception.receive(body, ip), headers: {} };
    } catch (thrown) {
      const refused = errorAnswer(thrown, o.logger.child({ requestId }));
      return { ...refused, body: { ...(await o.reception.refusalFields()), ...refused.body } };
    }
  }

  return (req, res) => {
    const started = performance.now();
    const requestId = requestIdFrom(req.headers['x-request-id'] as string | undefined);
    const timer = o.metrics?.timeRequest();
    void answer(req, requestId)
      .then(({ status, body, headers }) => {
        const json = JSON.stringify(body);
        res.statusCode = status;
        res.setHeader('X-Request-Id', requestId);
        for (const [name, value] of o.securityHeaders) res.setHeader(name, value);
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Content-Length', Buffer.byteLength(json));
        res.end(json);
        writeLine({ requestId, method: req.method ?? '', url: redactUrl(req.url ?? ''), status, ms: elapsedMs(started), user: undefined });
        timer?.({ route: c.ingest.name, method: req.method ?? '', status: String(status) });
      })
      .catch((err: unknown) => {
        o.logger.error({ err, requestId }, 'answering a ping failed');
        res.destroy();
      });
  };
}
