/** @jest-environment node */
import { startupConfigProblems } from './env';

/** A configuration a production server may start with. */
const complete = {
  NEXTAUTH_SECRET: 'env-test-nextauth-secret-0123456789-0123456789',
  API_TOKEN_SECRET: 'env-test-api-token-secret-0123456789-0123456789',
  NEXTAUTH_URL: 'https://benefits.example.com',
  DATABASE_URL: 'postgres://app:pw@db.internal:5432/benefits',
  SMTP_URL: 'smtp://mail.internal:25',
  MFA_REQUIRED_ROLES: 'admin,backoffice',
};

describe('startupConfigProblems', () => {
  it('accepts a complete configuration', () => {
    expect(startupConfigProblems(complete)).toEqual([]);
  });

  it.each([
    ['API_TOKEN_SECRET', undefined],
    ['API_TOKEN_SECRET', ''],
    ['NEXTAUTH_SECRET', undefined],
    ['API_TOKEN_SECRET', 'short-secret-value-17'],
    ['NEXTAUTH_URL', '/relative/path'],
    ['NEXTAUTH_URL', 'localhost:3000'],
    ['NEXTAUTH_URL', 'ftp://files.example.com'],
    ['DATABASE_URL', 'postgres://user:p@ss:word@'],
    ['DATABASE_URL', 'mysql://db.internal/benefits'],
    ['SMTP_URL', 'smtp://:2525'],
    ['MFA_REQUIRED_ROLES', 'admin,superuser'],
    ['METRICS_TOKEN', 'tiny-token-value'],
    ['BACKUP_TOKEN', 'short-backup-token'],
    ['LOG_LEVEL', 'verbose-level'],
    ['LOG_FORMAT', 'xml-format'],
    ['EVENT_LOOP_WARN_MS', 'soon-value'],
  ])('names %s (value %p) in exactly one line without repeating the value', (name, value) => {
    const problems = startupConfigProblems({ ...complete, [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: `));
    if (value) expect(problems[0]).not.toContain(value);
  });

  it('lists every problem, one line each', () => {
    const problems = startupConfigProblems({ NEXTAUTH_URL: 'relative', MFA_REQUIRED_ROLES: 'root' });
    expect(problems.map((line) => line.split(':')[0]).sort()).toEqual([
      'API_TOKEN_SECRET',
      'MFA_REQUIRED_ROLES',
      'NEXTAUTH_SECRET',
      'NEXTAUTH_URL',
    ]);
  });
});
