import http from 'node:http';

/** The app's public host name behind the proxy; the test browser resolves it to loopback. */
export const PUBLIC_HOST = 'benefits.test';

export interface ReverseProxy {
  port: number;
  /** Every Location header the app answered, with the path that answered it. */
  locations: { path: string; status: number; location: string }[];
  /** Every HTML answer that mentions the app's internal address. */
  leaks: { path: string; excerpt: string }[];
  close: () => Promise<void>;
}

/**
 * A reverse proxy as ops put one in front (nginx's `proxy_pass` with the usual headers): it talks
 * to the app at its internal address (`Host` is that address, as nginx sends by default), tells it
 * the public host and scheme in `X-Forwarded-Host`/`-Proto` and appends the client's address to
 * `X-Forwarded-For`. It notes what the app answers, so a test can look for the internal address.
 */
export async function startReverseProxy(options: { port: number; target: string }): Promise<ReverseProxy> {
  const target = new URL(options.target);
  const internal = [target.host, `localhost:${target.port}`];
  const locations: ReverseProxy['locations'] = [];
  const leaks: ReverseProxy['leaks'] = [];

  const server = http.createServer((req, res) => {
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          host: target.host,
          'x-forwarded-host': req.headers.host ?? '',
          'x-forwarded-proto': 'http',
          'x-forwarded-port': String(options.port),
          'x-forwarded-for': forwardedFor,
        },
      },
      (answer) => {
        const path = req.url ?? '';
        const location = answer.headers.location;
        if (location) locations.push({ path, status: answer.statusCode ?? 0, location });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!String(answer.headers['content-type'] ?? '').startsWith('text/html')) {
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          res.write(chunk);
        });
        answer.on('end', () => {
          const html = Buffer.concat(chunks).toString('utf8');
          for (const host of internal) {
            const at = html.indexOf(host);
            if (at >= 0) leaks.push({ path, excerpt: html.slice(Math.max(0, at - 80), at + 80) });
          }
          res.end();
        });
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    port: options.port,
    locations,
    leaks,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
