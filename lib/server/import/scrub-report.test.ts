import { scrubReport } from './scrub-report';

const pseudonym = { email: 'geloescht-1@erased.invalid', name: 'Gelöschte Person ABCD' };
const person = {
  addresses: ['hanna.hansen@example.com', 'h.hansen@old.example.com'],
  personal: ['Hanna', 'Hansen', 'Hanna Hansen', '+49 40 123'],
};

describe('scrubReport', () => {
  it('replaces the address in issues and preview rows, and the names only in rows naming the person', () => {
    const report = {
      kind: 'users',
      rows: 3,
      issues: [
        {
          line: 2,
          severity: 'exists',
          code: 'exists',
          column: 'E-Mail',
          value: 'Hanna.Hansen@Example.com',
          firstLine: null,
        },
        { line: 3, severity: 'exists', code: 'exists', column: 'E-Mail', value: 'peter@example.com', firstLine: null },
      ],
      preview: [
        { line: 4, label: 'h.hansen@old.example.com', detail: 'Hanna Hansen · Personalverantwortliche · 10001' },
        // Another person of the same name is not touched: nothing in the row names the erased address.
        { line: 5, label: 'hansen.jan@example.com', detail: 'Jan Hansen · Manager' },
      ],
    };
    const { report: scrubbed, changed } = scrubReport(report, person, pseudonym);
    expect(changed).toBe(true);
    expect(scrubbed.issues.map((issue) => issue.value)).toEqual([pseudonym.email, 'peter@example.com']);
    expect(scrubbed.preview).toEqual([
      { line: 4, label: pseudonym.email, detail: `${pseudonym.name} · Personalverantwortliche · 10001` },
      { line: 5, label: 'hansen.jan@example.com', detail: 'Jan Hansen · Manager' },
    ]);
    expect(JSON.stringify(scrubbed)).not.toMatch(/hanna/i);
    // The input is left as it was.
    expect(report.issues[0]!.value).toBe('Hanna.Hansen@Example.com');
  });

  it('matches whole addresses and whole names only', () => {
    const { report, changed } = scrubReport(
      {
        preview: [
          { label: 'anna@x.de', detail: 'Anna · Manager' },
          { label: 'a@x.de', detail: 'Ana Manager; a@x.de.' },
        ],
      },
      { addresses: ['a@x.de'], personal: ['Ana'] },
      pseudonym,
    );
    expect(changed).toBe(true);
    expect(report.preview).toEqual([
      { label: 'anna@x.de', detail: 'Anna · Manager' },
      { label: pseudonym.email, detail: `${pseudonym.name} Manager; ${pseudonym.email}.` },
    ]);
  });

  it('a name never lands inside the pseudonym’s address; a report naming nobody is returned as it is', () => {
    const { report } = scrubReport(
      { issues: [{ value: 'li@x.de', note: 'Li' }] },
      { addresses: ['li@x.de'], personal: ['Li', 'erased', 'invalid'] },
      pseudonym,
    );
    expect(report.issues[0]).toEqual({ value: pseudonym.email, note: pseudonym.name });
    const untouched = { issues: [{ value: 'someone@x.de' }] };
    expect(scrubReport(untouched, person, pseudonym)).toEqual({ report: untouched, changed: false });
    expect(scrubReport(untouched, { addresses: [], personal: ['x'] }, pseudonym).changed).toBe(false);
  });

  it('reaches every kind of report: an account’s distributor, a whitelist’s preview', () => {
    const { report } = scrubReport(
      {
        issues: [{ line: 2, code: 'distributor_not_found', column: 'Vertrieb', value: 'HANNA.HANSEN@EXAMPLE.COM' }],
        preview: [
          {
            line: 3,
            kind: 'email',
            value: 'hanna.hansen@example.com',
            displayValue: 'hanna.hansen@example.com',
            note: 'Hansen',
          },
        ],
      },
      person,
      pseudonym,
    );
    expect(report.issues[0]!.value).toBe(pseudonym.email);
    expect(report.preview[0]).toMatchObject({
      value: pseudonym.email,
      displayValue: pseudonym.email,
      note: pseudonym.name,
    });
  });
});
