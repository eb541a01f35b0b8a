/**
 * Runs once when the server starts, before it listens. The Node part first checks the whole
 * configuration (lib/env.ts) and ends the process on any problem, then opens the database, applies the migrations
 * and fills an empty database, so the first request does not wait and a broken configuration
 * shows at start-up. (The `if` form lets the edge bundle drop the Node-only import.)
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { exitOnConfigProblems } = await import('./lib/server/check-config');
    exitOnConfigProblems('server');
    // Logger, request context and metrics, shared with scripts/server.mjs through globalThis.
    const { observability } = await import('./lib/server/observability');
    observability();
    // Traces only when OTEL_EXPORTER_OTLP_ENDPOINT (or …_TRACES_ENDPOINT) is set: otherwise no provider
    // is registered and the OpenTelemetry SDK is not even loaded (lib/server/observability/tracing.ts).
    const { startTracing } = await import('./lib/server/observability/tracing');
    await startTracing();
    const { prepareServer } = await import('./lib/server/prepare-server');
    await prepareServer();
  }
}
