/** @jest-environment node */
import { startupConfigProblems } from '@/lib/env';
import { statementKind } from '@/lib/server/db/observe-statements';
import { tracingConfig } from './tracing';

const none = {
  OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: undefined,
  OTEL_EXPORTER_OTLP_PROTOCOL: undefined,
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: undefined,
  OTEL_SERVICE_NAME: 'employee-benefits',
  OTEL_SDK_DISABLED: false,
} as const;

describe('tracingConfig (the OpenTelemetry variables as the specification defines them)', () => {
  it('is off without an endpoint: no exporter, no provider', () => {
    expect(tracingConfig(none)).toBeNull();
  });

  it('appends v1/traces to the general endpoint, with or without its trailing slash', () => {
    expect(tracingConfig({ ...none, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })?.url).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(tracingConfig({ ...none, OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com/base/' })?.url).toBe(
      'https://otel.example.com/base/v1/traces',
    );
  });

  it('uses the traces endpoint as given, before the general one', () => {
    expect(
      tracingConfig({
        ...none,
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces.internal:9999/custom',
      })?.url,
    ).toBe('http://traces.internal:9999/custom');
  });

  it('speaks http/protobuf by default, the traces protocol before the general one, and names the service', () => {
    const base = { ...none, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(tracingConfig(base)).toEqual({
      url: 'http://collector:4318/v1/traces',
      protocol: 'http/protobuf',
      serviceName: 'employee-benefits',
    });
    expect(tracingConfig({ ...base, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })?.protocol).toBe('http/json');
    expect(
      tracingConfig({
        ...base,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf',
      })?.protocol,
    ).toBe('http/protobuf');
    expect(tracingConfig({ ...base, OTEL_SERVICE_NAME: 'benefits-eu' })?.serviceName).toBe('benefits-eu');
  });

  it('is off with OTEL_SDK_DISABLED even with an endpoint', () => {
    expect(
      tracingConfig({ ...none, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: true }),
    ).toBeNull();
  });
});

describe('the start-up check of the OpenTelemetry variables', () => {
  const complete = {
    NEXTAUTH_SECRET: 'env-test-nextauth-secret-0123456789-0123456789',
    API_TOKEN_SECRET: 'env-test-api-token-secret-0123456789-0123456789',
  };

  it('accepts absolute http(s) endpoints and both HTTP protocols', () => {
    expect(
      startupConfigProblems({
        ...complete,
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://otel.example.com/v1/traces',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf',
        OTEL_SERVICE_NAME: 'benefits',
        OTEL_SDK_DISABLED: 'false',
      }),
    ).toEqual([]);
  });

  it.each([
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector-host:4318'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', '/relative/otlp'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'grpc://collector-host:4317'],
    ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'not a url at all'],
    ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'http/xml-proto'],
    ['OTEL_SDK_DISABLED', 'perhaps-disabled'],
  ])('names %s (value %p) in one line without repeating the value', (name, value) => {
    const problems = startupConfigProblems({ ...complete, [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: `));
    expect(problems[0]).not.toContain(value);
  });

  it('refuses gRPC, which this server does not export over, saying so', () => {
    expect(startupConfigProblems({ ...complete, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toEqual([
      'OTEL_EXPORTER_OTLP_PROTOCOL: OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (grpc is not supported)',
    ]);
  });
});

describe('statementKind (the bounded label of db_statement_duration_seconds)', () => {
  it.each([
    ['select "id" from "accounts" where "id" = $1', 'select'],
    ['  SELECT 1', 'select'],
    ['(select 1) union (select 2)', 'select'],
    ['insert into "accounts" ("id") values ($1)', 'insert'],
    ['update "accounts" set "name" = $1', 'update'],
    ['delete from "sessions" where "expires" < now()', 'delete'],
    ['with "gone" as (delete from "a" returning *) select count(*) from "gone"', 'select'],
    ['with "x" as (select 1) update "b" set "c" = 1', 'update'],
    ['begin', 'other'],
    ['SET LOCAL statement_timeout = 1000', 'other'],
    ['create table "t" ("id" int)', 'other'],
    ['', 'other'],
  ])('%p is %s', (text, kind) => {
    expect(statementKind(text)).toBe(kind);
  });
});
