/**
 * A small closed-loop HTTP load generator for `npm run bench`: a fixed number of keep-alive
 * connections, each sending its next request as soon as the previous answer is read. Bounded in
 * time and in count; loopback only (the bench refuses any other host).
 */
import http from 'node:http';
import zlib from 'node:zlib';

const REQUEST_TIMEOUT_MS = 30_000;

/** Decodes a response body as the server encoded it. */
function decode(buffer, encoding) {
  switch (encoding) {
    case 'gzip':
      return zlib.gunzipSync(buffer);
    case 'br':
      return zlib.brotliDecompressSync(buffer);
    case 'deflate':
      return zlib.inflateSync(buffer);
    default:
      return buffer;
  }
}

/**
 * What went wrong in a page that answered 200: a streamed page commits its status before its
 * content renders, so a `notFound()`, a redirect or a thrown error inside a Suspense boundary (the
 * `loading.tsx` of a route) still arrives as 200, with the fallback in the RSC payload.
 */
export function streamedPageProblem(html) {
  if (html.includes('NEXT_HTTP_ERROR_FALLBACK;404')) return 'streamed not-found page';
  if (html.includes('NEXT_HTTP_ERROR_FALLBACK;403')) return 'streamed forbidden page';
  if (html.includes('NEXT_REDIRECT')) return 'streamed redirect';
  if (/\\?"digest\\?":\\?"\d+\\?"/.test(html)) return 'streamed error (error boundary)';
  return null;
}

/**
 * One GET, body read in full. Resolves with status, latency in ms, body size and, with
 * `inspect`, the problem it found in a 2xx body (`problem`); network errors resolve with status 0
 * rather than throwing, so that a loop counts them.
 */
export function request(agent, url, headers, inspect) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    let responseHeaders = {};
    let chunks = [];
    const done = (status, bytes, error) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      let problem = null;
      if (inspect && status >= 200 && status < 300) {
        try {
          problem = inspect(decode(Buffer.concat(chunks), responseHeaders['content-encoding']).toString('utf8'));
        } catch (decodeError) {
          problem = `unreadable body: ${decodeError.message}`;
        }
      }
      chunks = [];
      resolve({ status, bytes, ms, error, problem, headers: responseHeaders });
    };
    const req = http.get(url, { agent, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      let bytes = 0;
      responseHeaders = res.headers;
      res.on('data', (chunk) => {
        bytes += chunk.length;
        if (inspect) chunks.push(chunk);
      });
      res.on('end', () => done(res.statusCode ?? 0, bytes));
      res.on('error', (error) => done(0, bytes, error.message));
    });
    req.on('timeout', () => req.destroy(new Error(`timed out after ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', (error) => done(0, 0, error.message));
  });
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/**
 * Runs `connections` loops against one URL: first `warmupSeconds` unrecorded, then up to
 * `seconds` (or `maxRequests` answers) recorded.
 */
export async function runLoad({
  url,
  headers = {},
  inspect,
  connections = 8,
  warmupSeconds = 2,
  seconds = 10,
  maxRequests = 50_000,
}) {
  const target = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) {
    throw new Error(`bench: refusing to load ${target.host}; only loopback addresses are allowed`);
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  try {
    const phase = async (durationMs, record, budget) => {
      const deadline = performance.now() + durationMs;
      const latencies = [];
      const statuses = {};
      const errors = [];
      let bytes = 0;
      let sent = 0;
      const started = performance.now();
      const loop = async () => {
        while (performance.now() < deadline && sent < budget) {
          sent++;
          const answer = await request(agent, target, headers, record ? inspect : undefined);
          if (!record) continue;
          latencies.push(answer.ms);
          // A 2xx whose body shows a failure counts under its own key, as a non-2xx would.
          const key = answer.problem ? `${answer.status} ${answer.problem}` : String(answer.status);
          statuses[key] = (statuses[key] ?? 0) + 1;
          bytes += answer.bytes;
          if (answer.error && errors.length < 5) errors.push(answer.error);
          if (answer.status === 307 || answer.status === 302) {
            const location = answer.headers.location;
            if (location && errors.length < 5) errors.push(`${answer.status} → ${location}`);
          }
        }
      };
      await Promise.all(Array.from({ length: connections }, loop));
      return { latencies, statuses, errors, bytes, elapsedMs: performance.now() - started };
    };

    if (warmupSeconds > 0) await phase(warmupSeconds * 1000, false, maxRequests);
    const measured = await phase(seconds * 1000, true, maxRequests);
    const sorted = Float64Array.from(measured.latencies).sort();
    const requests = sorted.length;
    const ok = Object.entries(measured.statuses)
      .filter(([status]) => /^2\d\d$/.test(status))
      .reduce((sum, [, n]) => sum + n, 0);
    const round = (value) => (value === null ? null : Math.round(value * 10) / 10);
    return {
      requests,
      seconds: round(measured.elapsedMs / 1000),
      rps: round(requests / (measured.elapsedMs / 1000)),
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.length ? sorted[sorted.length - 1] : null),
      nonOk: requests - ok,
      statuses: measured.statuses,
      avgBytes: requests ? Math.round(measured.bytes / requests) : 0,
      errorSamples: measured.errors,
    };
  } finally {
    agent.destroy();
  }
}

/**
 * Runs several targets interleaved: every connection sends to each target in turn, so that all of
 * them share the same moments of the run (another process's load or a GC pause hits all alike)
 * and their costs can be compared. Returns per target the mean and median latency.
 */
export async function runInterleaved({ targets, connections = 8, warmupSeconds = 2, seconds = 10 }) {
  for (const target of targets) {
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(target.url).hostname)) {
      throw new Error(`bench: refusing to load ${target.url}; only loopback addresses are allowed`);
    }
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  try {
    const phase = async (durationMs, record) => {
      const deadline = performance.now() + durationMs;
      const samples = targets.map(() => ({ latencies: [], nonOk: 0 }));
      const loop = async (connection) => {
        for (let turn = connection; performance.now() < deadline; turn++) {
          const index = turn % targets.length;
          const target = targets[index];
          const answer = await request(agent, new URL(target.url), target.headers, record ? target.inspect : undefined);
          if (!record) continue;
          samples[index].latencies.push(answer.ms);
          if (answer.status < 200 || answer.status > 299 || answer.problem) samples[index].nonOk++;
        }
      };
      await Promise.all(Array.from({ length: connections }, (_, connection) => loop(connection)));
      return samples;
    };
    if (warmupSeconds > 0) await phase(warmupSeconds * 1000, false);
    const samples = await phase(seconds * 1000, true);
    const round = (value) => (value === null ? null : Math.round(value * 10) / 10);
    return targets.map((target, index) => {
      const sorted = Float64Array.from(samples[index].latencies).sort();
      const sum = sorted.reduce((total, ms) => total + ms, 0);
      return {
        name: target.name,
        requests: sorted.length,
        meanMs: round(sorted.length ? sum / sorted.length : null),
        p50: round(percentile(sorted, 50)),
        nonOk: samples[index].nonOk,
      };
    });
  } finally {
    agent.destroy();
  }
}
