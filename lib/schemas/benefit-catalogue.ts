/**
 * The benefits an employer can offer, with the 2026 tax-free limits. This is data, not logic:
 * when the law changes, change it here. The UI warns above a limit; it never blocks.
 */
export type BenefitUnit = 'month' | 'working_day' | 'year' | 'occasion' | 'percent';

export interface BenefitDefinition {
  code: string;
  unit: BenefitUnit;
  /** Tax-free limit in cents per unit (for `percent`: a minimum in hundredths of a percent); null = no cap. */
  limitCents: number | null;
  /** `max` for a ceiling, `min` for a floor (the bAV employer subsidy). */
  limitKind: 'max' | 'min' | null;
  /** Legal source, for the people who maintain this table. */
  source: string;
}

export const BENEFIT_CATALOGUE = [
  // § 8 Abs. 2 S. 11 EStG: Sachbezugsfreigrenze 50 € monthly (since 2022).
  { code: 'sachbezug', unit: 'month', limitCents: 5000, limitKind: 'max', source: '§ 8 Abs. 2 S. 11 EStG' },
  // R 8.1 Abs. 7 LStR with the 2026 Sachbezugswert for a meal (4,57 €) plus 3,10 € = 7,67 € per working day.
  {
    code: 'essenszuschuss',
    unit: 'working_day',
    limitCents: 767,
    limitKind: 'max',
    source: 'R 8.1 Abs. 7 LStR, SvEV 2026',
  },
  // § 40 Abs. 2 S. 1 Nr. 5 EStG: 50 € monthly may be flat-taxed at 25 %.
  { code: 'internet', unit: 'month', limitCents: 5000, limitKind: 'max', source: '§ 40 Abs. 2 S. 1 Nr. 5 EStG' },
  // § 3 Nr. 15 EStG: job tickets and the Deutschlandticket are tax-free without a cap.
  { code: 'jobticket', unit: 'month', limitCents: null, limitKind: null, source: '§ 3 Nr. 15 EStG' },
  // § 3 Nr. 33 EStG: childcare for children not yet at school, no cap.
  { code: 'kita', unit: 'month', limitCents: null, limitKind: null, source: '§ 3 Nr. 33 EStG' },
  // § 3 Nr. 34 EStG: workplace health promotion up to 600 € per year.
  { code: 'gesundheit', unit: 'year', limitCents: 60000, limitKind: 'max', source: '§ 3 Nr. 34 EStG' },
  // § 40 Abs. 2 S. 1 Nr. 3 EStG: recreation allowance 156 € per employee and year, flat-taxed.
  { code: 'erholung', unit: 'year', limitCents: 15600, limitKind: 'max', source: '§ 40 Abs. 2 S. 1 Nr. 3 EStG' },
  // R 19.6 Abs. 1 LStR: gifts in kind for personal occasions up to 60 €.
  { code: 'geschenk', unit: 'occasion', limitCents: 6000, limitKind: 'max', source: 'R 19.6 Abs. 1 LStR' },
  // § 1a Abs. 1a BetrAVG: the employer adds at least 15 % of the converted salary.
  { code: 'bav', unit: 'percent', limitCents: 1500, limitKind: 'min', source: '§ 1a Abs. 1a BetrAVG' },
  // Employer-paid company health insurance; counts towards the 50 € Sachbezug limit when paid as a benefit in kind.
  { code: 'bkv', unit: 'month', limitCents: null, limitKind: null, source: '§ 8 Abs. 2 S. 11 EStG (Sachbezug)' },
] as const satisfies readonly BenefitDefinition[];

export type BenefitCode = (typeof BENEFIT_CATALOGUE)[number]['code'];
export const BENEFIT_CODES = BENEFIT_CATALOGUE.map((benefit) => benefit.code) as [BenefitCode, ...BenefitCode[]];

export function benefitDefinition(code: string): BenefitDefinition | undefined {
  return BENEFIT_CATALOGUE.find((benefit) => benefit.code === code);
}

/** Whether an amount is outside the tax-free limit (above a ceiling or below a floor). */
export function exceedsTaxFreeLimit(code: string, amountCents: number): boolean {
  const definition = benefitDefinition(code);
  if (!definition || definition.limitCents === null) return false;
  return definition.limitKind === 'min' ? amountCents < definition.limitCents : amountCents > definition.limitCents;
}
