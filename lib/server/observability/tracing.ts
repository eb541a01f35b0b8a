import 'server-only';
import { SpanKind, SpanStatusCode, type Attributes, type Span, type Tracer } from '@opentelemetry/api';
import { getEnv, type Env } from '@/lib/env';
import { currentRequest } from './index';

/**
 * Traces (issue 47): OpenTelemetry, started by instrumentation.ts as Next.js documents it, exported
 * over OTLP/HTTP only when OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set.
 * Without one no provider is registered and the SDK is never loaded: `withSpan` and `startSqlSpan`
 * then cost one property read. Once a provider is registered Next emits its own spans (the incoming
 * request `GET /accounts`, the render), and ours — the API operation, in-process too, each SQL
 * statement, each job — start in the active context, so one page render is one trace. Every span
 * started while a request runs carries its request id (`request.id`, the `X-Request-Id` answer header).
 */

export type OtlpProtocol = 'http/protobuf' | 'http/json';

export interface TracingConfig {
  /** Where spans are POSTed (the traces endpoint itself). */
  url: string;
  protocol: OtlpProtocol;
  serviceName: string;
}

type TracingEnv = Pick<
  Env,
  | 'OTEL_EXPORTER_OTLP_ENDPOINT'
  | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'
  | 'OTEL_EXPORTER_OTLP_PROTOCOL'
  | 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'
  | 'OTEL_SERVICE_NAME'
  | 'OTEL_SDK_DISABLED'
>;

/**
 * The exporter's settings as the OpenTelemetry specification defines the variables, or null (off):
 * the traces endpoint is used as given; the general endpoint is a base URL that `v1/traces` is
 * appended to; the traces protocol wins over the general one, default `http/protobuf`.
 */
export function tracingConfig(env: TracingEnv): TracingConfig | null {
  if (env.OTEL_SDK_DISABLED) return null;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const url =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base ? `${base}${base.endsWith('/') ? '' : '/'}v1/traces` : undefined);
  if (!url) return null;
  return {
    url,
    protocol: env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf',
    serviceName: env.OTEL_SERVICE_NAME,
  };
}

interface Tracing {
  tracer: Tracer;
  shutdown: () => Promise<void>;
}

// One provider per process, shared by every bundle (and by scripts/server.mjs, which flushes it on shutdown).
const globalForTracing = globalThis as unknown as {
  __benefitsTracing?: Tracing;
  __benefitsStopTracing?: () => Promise<void>;
};

export const REQUEST_ID_ATTRIBUTE = 'request.id';

/**
 * Registers the tracer provider with the OTLP/HTTP exporter of the configured protocol when an
 * endpoint is set; otherwise does nothing (and loads nothing). Spans leave in batches (the SDK's
 * OTEL_BSP_* variables apply) and the rest on shutdown.
 */
export async function startTracing(): Promise<boolean> {
  if (globalForTracing.__benefitsTracing) return true;
  const config = tracingConfig(getEnv());
  if (!config) return false;
  const [{ NodeTracerProvider }, { BatchSpanProcessor }, { resourceFromAttributes }, { ATTR_SERVICE_NAME }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/semantic-conventions'),
    ]);
  const { OTLPTraceExporter } =
    config.protocol === 'http/json'
      ? await import('@opentelemetry/exporter-trace-otlp-http')
      : await import('@opentelemetry/exporter-trace-otlp-proto');
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.serviceName }),
    spanProcessors: [
      {
        // The request id of the work in progress on every span, Next's included.
        onStart(span) {
          const requestId = currentRequest()?.requestId;
          if (requestId) span.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
        },
        onEnd() {},
        forceFlush: async () => {},
        shutdown: async () => {},
      },
      new BatchSpanProcessor(new OTLPTraceExporter({ url: config.url })),
    ],
  });
  // The async-local-storage context manager and W3C trace context, as every Node SDK sets up.
  provider.register();
  const shutdown = () => provider.shutdown();
  globalForTracing.__benefitsTracing = { tracer: provider.getTracer('employee-benefits'), shutdown };
  globalForTracing.__benefitsStopTracing = stopTracing;
  return true;
}

/** Sends the spans not yet sent (at most 2 s) and ends tracing; on shutdown. */
export async function stopTracing(): Promise<void> {
  const tracing = globalForTracing.__benefitsTracing;
  if (!tracing) return;
  await Promise.race([tracing.shutdown(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
}

/** Whether spans are recorded in this process. */
export function isTracing(): boolean {
  return globalForTracing.__benefitsTracing !== undefined;
}

/** Runs `run` in an active span of its own when tracing is on (an error ends it with status ERROR). */
export function withSpan<T>(
  name: string,
  attributes: Attributes,
  run: (span?: Span) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  const tracer = globalForTracing.__benefitsTracing?.tracer;
  if (!tracer) return run();
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await run(span);
    } catch (error) {
      endWithError(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

function endWithError(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
}

/** SQL texts longer than this are cut in the span (pg-boss' set-up runs to tens of kilobytes). */
const MAX_STATEMENT_CHARS = 4_000;

/**
 * A client span for one SQL statement, a child of the active span: its text (`db.statement`), never
 * its parameters. Undefined when tracing is off. `finishSqlSpan` ends it.
 */
export function startSqlSpan(text: string, kind: string, db: 'pglite' | 'postgres'): Span | undefined {
  const tracer = globalForTracing.__benefitsTracing?.tracer;
  if (!tracer) return undefined;
  return tracer.startSpan(kind === 'other' ? 'SQL' : kind.toUpperCase(), {
    kind: SpanKind.CLIENT,
    attributes: {
      'db.system': 'postgresql',
      'db.system.name': 'postgresql',
      'db.operation.name': kind.toUpperCase(),
      'db.statement': text.length > MAX_STATEMENT_CHARS ? `${text.slice(0, MAX_STATEMENT_CHARS)}…` : text,
      'benefits.db': db,
    },
  });
}

export function finishSqlSpan(span: Span | undefined, error?: unknown): void {
  if (!span) return;
  if (error !== undefined) endWithError(span, error);
  span.end();
}
