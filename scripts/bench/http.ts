import http from 'node:http';

/** HTTP/1.1 calls of the purchase loop, which checks each step as a browser would need it. */
export const REQUEST_TIMEOUT_MS = 30_000;

export interface HttpAnswer {
  status: number;
  location: string | null;
  body: string;
  setCookie: string[];
}

export class HttpTimeout extends Error {}

/** One HTTP/1.1 request on a keep-alive agent; redirects are not followed (each step is checked). */
export function httpCall(
  agent: http.Agent,
  origin: string,
  method: 'GET' | 'POST',
  requestPath: string,
  headers: Record<string, string>,
  body?: string,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(requestPath, origin),
      {
        method,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location ?? null,
            body: Buffer.concat(chunks).toString('utf8'),
            setCookie: response.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new HttpTimeout(`${method} ${requestPath} timed out`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** A step of a purchase that did not answer as a browser needs it to. */
export class StepFailed extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
    detail: string,
  ) {
    super(`${step} answered ${status}: ${detail.slice(0, 300)}`);
  }
}

export function expectStatus(step: string, answer: HttpAnswer, status: number): HttpAnswer {
  if (answer.status !== status) throw new StepFailed(step, answer.status, answer.body);
  return answer;
}

/** A 303 to a page of our own origin (the sandbox bank lives on it); answers its path. */
export function expectRedirect(step: string, answer: HttpAnswer, origin: string): string {
  expectStatus(step, answer, 303);
  const target = new URL(answer.location ?? '', origin);
  if (target.origin !== origin) throw new StepFailed(step, answer.status, `redirect to ${answer.location}`);
  return target.pathname + target.search;
}

export const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
