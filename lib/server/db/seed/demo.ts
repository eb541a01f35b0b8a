import 'server-only';
import type { LEGAL_FORMS } from '@/lib/schemas/account';
import { benefitDefinition, type BenefitCode } from '@/lib/schemas/benefit-catalogue';
import { createHash, randomUUID } from 'node:crypto';
import { domainToASCII } from 'node:url';
import { hashPassword } from '@/lib/server/auth/passwords';
import { redactFields } from '@/lib/server/history/record-change';
import type { Tx } from '../client';
import {
  accounts,
  approvals,
  changes,
  documents,
  documentVersions,
  tasks,
  users,
  whitelistEntries,
  type BenefitRow,
  type ChangeField,
} from '../schema';
import { minimalPdf } from './minimal-pdf';

/*
 * Demo data for a fresh database (SPEC §7): fictional German employers in account trees, 20 users
 * over all roles, tasks, whitelist entries, documents with small generated PDFs, approvals and a
 * coherent history spread over the last 90 days.
 *
 * The story: on day 90 the platform was set up and the existing customers were imported from the
 * old system (hence active accounts without an activation approval); since then distributors and
 * the back office have worked in the tool, so newer accounts went through draft and four-eyes
 * approvals. Every record's version, createdAt and updatedAt follow from the history written for
 * it, and the seed checks the invariants the app relies on before it inserts anything.
 */

/** The one password of every demo sign-in; printed in the README. */
export const DEMO_PASSWORD = 'Demo-Passwort-2026';

type Role = (typeof users.$inferSelect)['role'];
type UserStatus = (typeof users.$inferSelect)['status'];
type Locale = (typeof users.$inferSelect)['locale'];
type AccountStatus = (typeof accounts.$inferSelect)['status'];
type DocumentCategory = (typeof documents.$inferSelect)['category'];
type TaskStatus = (typeof tasks.$inferSelect)['status'];
type TaskPriority = (typeof tasks.$inferSelect)['priority'];
type ChangeInsert = typeof changes.$inferInsert;
type ApprovalInsert = typeof approvals.$inferInsert;

/** The demo sign-ins, one per role, for the README, scripts and tests. */
export const DEMO_SIGN_INS = [
  { email: 'admin@example.com', role: 'admin' },
  { email: 'innendienst@example.com', role: 'backoffice' },
  { email: 'vertrieb@example.com', role: 'distributor' },
  { email: 'manager@example.com', role: 'manager' },
] as const satisfies ReadonlyArray<{ email: string; role: Role }>;

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

interface UserSeed {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: Role;
  /** Final status; everyone but the bootstrap admin starts as invited and activates a day later. */
  status: UserStatus;
  locale: Locale;
  /** Account key, for managers only. */
  account: string | null;
  /** Key of the user who invited them; null = set up by the system. */
  invitedBy: string | null;
  invitedDaysAgo: number;
  lastLoginHoursAgo: number | null;
}

const USER_SEEDS = [
  // Provider staff, set up with the platform.
  {
    key: 'anna',
    email: 'admin@example.com',
    firstName: 'Anna',
    lastName: 'Albrecht',
    phone: '+49 30 5550 1001',
    role: 'admin',
    status: 'active',
    locale: 'de',
    account: null,
    invitedBy: null,
    invitedDaysAgo: 90,
    lastLoginHoursAgo: 1,
  },
  {
    key: 'thomas',
    email: 'thomas.keller@example.com',
    firstName: 'Thomas',
    lastName: 'Keller',
    phone: '+49 30 5550 1002',
    role: 'admin',
    status: 'active',
    locale: 'de',
    account: null,
    invitedBy: null,
    invitedDaysAgo: 90,
    lastLoginHoursAgo: 20,
  },
  {
    key: 'birgit',
    email: 'innendienst@example.com',
    firstName: 'Birgit',
    lastName: 'Becker',
    phone: '+49 30 5550 1101',
    role: 'backoffice',
    status: 'active',
    locale: 'de',
    account: null,
    invitedBy: null,
    invitedDaysAgo: 90,
    lastLoginHoursAgo: 3,
  },
  {
    key: 'jonas',
    email: 'jonas.krueger@example.com',
    firstName: 'Jonas',
    lastName: 'Krüger',
    phone: '+49 30 5550 1102',
    role: 'backoffice',
    status: 'active',
    locale: 'en',
    account: null,
    invitedBy: null,
    invitedDaysAgo: 90,
    lastLoginHoursAgo: 5,
  },
  {
    key: 'sabine',
    email: 'sabine.wolf@example.com',
    firstName: 'Sabine',
    lastName: 'Wolf',
    phone: '+49 30 5550 1103',
    role: 'backoffice',
    status: 'invited',
    locale: 'de',
    account: null,
    invitedBy: 'anna',
    invitedDaysAgo: 4,
    lastLoginHoursAgo: null,
  },
  // Sales partners.
  {
    key: 'daniel',
    email: 'vertrieb@example.com',
    firstName: 'Daniel',
    lastName: 'Vogt',
    phone: '+49 40 5550 2201',
    role: 'distributor',
    status: 'active',
    locale: 'de',
    account: null,
    invitedBy: 'birgit',
    invitedDaysAgo: 90,
    lastLoginHoursAgo: 4,
  },
  {
    key: 'katrin',
    email: 'katrin.schulze@example.com',
    firstName: 'Katrin',
    lastName: 'Schulze',
    phone: '+49 221 5550 2202',
    role: 'distributor',
    status: 'active',
    locale: 'de',
    account: null,
    invitedBy: 'birgit',
    invitedDaysAgo: 90,
    lastLoginHoursAgo: 26,
  },
  {
    key: 'michael',
    email: 'michael.brandt@example.com',
    firstName: 'Michael',
    lastName: 'Brandt',
    phone: '+49 351 5550 2203',
    role: 'distributor',
    status: 'active',
    locale: 'en',
    account: null,
    invitedBy: 'birgit',
    invitedDaysAgo: 90,
    lastLoginHoursAgo: 50,
  },
  {
    key: 'petra',
    email: 'petra.lange@example.com',
    firstName: 'Petra',
    lastName: 'Lange',
    phone: '+49 69 5550 2204',
    role: 'distributor',
    status: 'active',
    locale: 'de',
    account: null,
    invitedBy: 'jonas',
    invitedDaysAgo: 89,
    lastLoginHoursAgo: 8,
  },
  // The employers' HR staff.
  {
    key: 'martin',
    email: 'manager@example.com',
    firstName: 'Martin',
    lastName: 'Meyer',
    phone: '+49 40 5550 3301',
    role: 'manager',
    status: 'active',
    locale: 'de',
    account: 'muellerLogistik',
    invitedBy: 'daniel',
    invitedDaysAgo: 85,
    lastLoginHoursAgo: 6,
  },
  {
    key: 'lukas',
    email: 'lukas.hartmann@example.com',
    firstName: 'Lukas',
    lastName: 'Hartmann',
    phone: '+49 421 5550 3302',
    role: 'manager',
    status: 'active',
    locale: 'de',
    account: 'muellerNord',
    invitedBy: 'daniel',
    invitedDaysAgo: 80,
    lastLoginHoursAgo: 75,
  },
  {
    key: 'jana',
    email: 'jana.hansen@example.com',
    firstName: 'Jana',
    lastName: 'Hansen',
    phone: '+49 431 5550 3303',
    role: 'manager',
    status: 'active',
    locale: 'de',
    account: 'hansen',
    invitedBy: 'daniel',
    invitedDaysAgo: 84,
    lastLoginHoursAgo: 30,
  },
  {
    key: 'tobias',
    email: 'tobias.neumann@example.com',
    firstName: 'Tobias',
    lastName: 'Neumann',
    phone: '+49 30 5550 3304',
    role: 'manager',
    status: 'active',
    locale: 'de',
    account: 'nordlicht',
    invitedBy: 'daniel',
    invitedDaysAgo: 82,
    lastLoginHoursAgo: 100,
  },
  {
    key: 'claudia',
    email: 'claudia.schmitz@example.com',
    firstName: 'Claudia',
    lastName: 'Schmitz',
    phone: '+49 221 5550 3305',
    role: 'manager',
    status: 'active',
    locale: 'de',
    account: 'rheinland',
    invitedBy: 'katrin',
    invitedDaysAgo: 83,
    lastLoginHoursAgo: 12,
  },
  {
    key: 'stefan',
    email: 'stefan.fischer@example.com',
    firstName: 'Stefan',
    lastName: 'Fischer',
    phone: '+49 7721 5550 3306',
    role: 'manager',
    status: 'locked',
    locale: 'de',
    account: 'schwarzwald',
    invitedBy: 'katrin',
    invitedDaysAgo: 75,
    lastLoginHoursAgo: 80,
  },
  {
    key: 'julia',
    email: 'julia.zimmermann@example.com',
    firstName: 'Julia',
    lastName: 'Zimmermann',
    phone: '+49 351 5550 3307',
    role: 'manager',
    status: 'active',
    locale: 'de',
    account: 'elbtal',
    invitedBy: 'michael',
    invitedDaysAgo: 81,
    lastLoginHoursAgo: 28,
  },
  {
    key: 'florian',
    email: 'florian.bauer@example.com',
    firstName: 'Florian',
    lastName: 'Bauer',
    phone: '+49 351 5550 3308',
    role: 'manager',
    status: 'invited',
    locale: 'de',
    account: 'elbtalNetze',
    invitedBy: 'michael',
    invitedDaysAgo: 12,
    lastLoginHoursAgo: null,
  },
  {
    key: 'sandra',
    email: 'sandra.koch@example.com',
    firstName: 'Sandra',
    lastName: 'Koch',
    phone: '+49 951 5550 3309',
    role: 'manager',
    status: 'invited',
    locale: 'de',
    account: 'falkenstein',
    invitedBy: 'michael',
    invitedDaysAgo: 7,
    lastLoginHoursAgo: null,
  },
  {
    key: 'andreas',
    email: 'andreas.richter@example.com',
    firstName: 'Andreas',
    lastName: 'Richter',
    phone: '+49 69 5550 3310',
    role: 'manager',
    status: 'active',
    locale: 'de',
    account: 'richter',
    invitedBy: 'petra',
    invitedDaysAgo: 78,
    lastLoginHoursAgo: 52,
  },
  {
    key: 'heike',
    email: 'heike.schroeder@example.com',
    firstName: 'Heike',
    lastName: 'Schröder',
    phone: '+49 711 5550 3311',
    role: 'manager',
    status: 'deactivated',
    locale: 'de',
    account: 'weber',
    invitedBy: 'katrin',
    invitedDaysAgo: 80,
    lastLoginHoursAgo: 530,
  },
] as const satisfies readonly UserSeed[];

type UserKey = (typeof USER_SEEDS)[number]['key'];

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

function benefits(...entries: Array<[BenefitCode, number]>): BenefitRow[] {
  return entries.map(([code, amountCents]) => {
    const definition = benefitDefinition(code);
    if (!definition) throw new Error(`demo seed: unknown benefit ${code}`);
    return { code, amountCents, unit: definition.unit };
  });
}

type LegalForm = (typeof LEGAL_FORMS)[number];

interface AccountSeed {
  key: string;
  name: string;
  legalForm: LegalForm;
  /** Final status; `createdAs` is the status at creation when the history changed it since. */
  status: AccountStatus;
  createdAs?: AccountStatus;
  street: string;
  zip: string;
  city: string;
  contact: [name: string, email: string, phone: string];
  vatId: string | null;
  employees: number;
  notes?: string;
  benefits: BenefitRow[];
  /** Accounts created in the tool after the import: when and by whom. */
  created?: { daysAgo: number; by: UserKey };
  children?: AccountSeed[];
}

interface TreeSeed {
  distributor: UserKey | null;
  /** Day of the import from the old system, for accounts without their own `created`. */
  importedDaysAgo: number;
  root: AccountSeed;
}

const ACCOUNT_TREES: TreeSeed[] = [
  {
    distributor: 'daniel',
    importedDaysAgo: 89,
    root: {
      key: 'muellerLogistik',
      name: 'Müller Logistik GmbH',
      legalForm: 'GmbH',
      status: 'active',
      street: 'Am Sandtorkai 12',
      zip: '20457',
      city: 'Hamburg',
      contact: ['Martin Meyer', 'personal@mueller-logistik.de', '+49 40 5551 2300'],
      vatId: 'DE281947361',
      employees: 420,
      notes: 'Rahmenvertrag bis 31.12.2027; Schichtbetrieb in allen Lagern.',
      benefits: benefits(['sachbezug', 5000], ['essenszuschuss', 767], ['jobticket', 4900], ['bav', 2000]),
      children: [
        {
          key: 'muellerNord',
          name: 'Müller Logistik Nord GmbH',
          legalForm: 'GmbH',
          status: 'active',
          street: 'Am Wall 140',
          zip: '28195',
          city: 'Bremen',
          contact: ['Lukas Hartmann', 'nord@mueller-logistik-nord.de', '+49 421 5551 4400'],
          vatId: 'DE281947379',
          employees: 135,
          benefits: benefits(['sachbezug', 5000], ['jobticket', 4900]),
          children: [
            {
              key: 'muellerBremerhaven',
              name: 'Müller Logistik Standort Bremerhaven',
              legalForm: 'Sonstige',
              status: 'active',
              street: 'Barkhausenstraße 4',
              zip: '27568',
              city: 'Bremerhaven',
              contact: ['Jan Janssen', 'bremerhaven@mueller-logistik-nord.de', '+49 471 5551 1200'],
              vatId: null,
              employees: 48,
              notes: 'Betriebsstätte ohne eigene Rechtspersönlichkeit.',
              benefits: benefits(['sachbezug', 4000], ['essenszuschuss', 500]),
            },
          ],
        },
        {
          key: 'muellerSued',
          name: 'Müller Logistik Süd GmbH',
          legalForm: 'GmbH',
          status: 'active',
          createdAs: 'draft',
          street: 'Landsberger Straße 300',
          zip: '80687',
          city: 'München',
          contact: ['Sophie Huber', 'sued@mueller-logistik.de', '+49 89 5551 7700'],
          vatId: 'DE305118824',
          employees: 96,
          benefits: benefits(['sachbezug', 5000], ['kita', 15000], ['jobticket', 4900]),
          created: { daysAgo: 70, by: 'daniel' },
          children: [
            {
              key: 'muellerAugsburg',
              name: 'Müller Logistik Lager Augsburg',
              legalForm: 'Sonstige',
              status: 'draft',
              street: 'Gögginger Straße 50',
              zip: '86159',
              city: 'Augsburg',
              contact: ['Markus Wagner', 'augsburg@mueller-logistik.de', '+49 821 5551 3300'],
              vatId: null,
              employees: 22,
              notes: 'Aktivierung abgelehnt, bis der Mietvertrag für das Lager vorliegt.',
              benefits: benefits(['sachbezug', 5000]),
              created: { daysAgo: 35, by: 'daniel' },
            },
          ],
        },
        {
          key: 'muellerFuhrpark',
          name: 'Müller Fuhrpark GmbH',
          legalForm: 'GmbH',
          status: 'suspended',
          createdAs: 'active',
          street: 'Ellerholzweg 8',
          zip: '21107',
          city: 'Hamburg',
          contact: ['Oliver Kruse', 'fuhrpark@mueller-logistik.de', '+49 40 5551 2390'],
          vatId: 'DE281947387',
          employees: 64,
          notes: 'Gesperrt wegen offener Rechnungen (Zahlungsverzug seit Oktober).',
          benefits: benefits(['sachbezug', 5000], ['gesundheit', 30000]),
        },
      ],
    },
  },
  {
    distributor: 'daniel',
    importedDaysAgo: 89,
    root: {
      key: 'hansen',
      name: 'Bäckerei Hansen KG',
      legalForm: 'KG',
      status: 'active',
      street: 'Holstenstraße 45',
      zip: '24103',
      city: 'Kiel',
      contact: ['Jana Hansen', 'buero@baeckerei-hansen.de', '+49 431 5552 8810'],
      vatId: 'DE194857302',
      employees: 78,
      notes: 'Familienbetrieb in dritter Generation, Filialen in Schleswig-Holstein.',
      benefits: benefits(['sachbezug', 4400], ['erholung', 15600], ['geschenk', 6000]),
      children: [
        {
          key: 'hansenFlensburg',
          name: 'Bäckerei Hansen Filiale Flensburg',
          legalForm: 'Sonstige',
          status: 'active',
          street: 'Große Straße 18',
          zip: '24937',
          city: 'Flensburg',
          contact: ['Kirsten Jensen', 'flensburg@baeckerei-hansen.de', '+49 461 5552 1100'],
          vatId: null,
          employees: 14,
          benefits: benefits(['sachbezug', 4400]),
        },
        {
          key: 'hansenLuebeck',
          name: 'Bäckerei Hansen Filiale Lübeck',
          legalForm: 'Sonstige',
          status: 'active',
          street: 'Breite Straße 62',
          zip: '23552',
          city: 'Lübeck',
          contact: ['Bernd Lorenzen', 'luebeck@baeckerei-hansen.de', '+49 451 5552 6200'],
          vatId: null,
          employees: 19,
          benefits: benefits(['sachbezug', 4400], ['essenszuschuss', 400]),
        },
      ],
    },
  },
  {
    distributor: 'daniel',
    importedDaysAgo: 88,
    root: {
      key: 'nordlicht',
      name: 'Nordlicht Software AG',
      legalForm: 'AG',
      status: 'active',
      street: 'Friedrichstraße 68',
      zip: '10117',
      city: 'Berlin',
      contact: ['Tobias Neumann', 'people@nordlicht-software.de', '+49 30 5553 4000'],
      vatId: 'DE312675409',
      employees: 260,
      notes: 'Sachbezug bewusst über der Freigrenze; Differenz wird versteuert.',
      benefits: benefits(
        ['sachbezug', 6000],
        ['internet', 5000],
        ['jobticket', 5800],
        ['gesundheit', 60000],
        ['bkv', 3500],
      ),
      children: [
        {
          key: 'nordlichtConsulting',
          name: 'Nordlicht Consulting GmbH',
          legalForm: 'GmbH',
          status: 'active',
          street: 'Brandenburger Straße 20',
          zip: '14467',
          city: 'Potsdam',
          contact: ['Eva Lindner', 'kontakt@nordlicht-consulting.de', '+49 331 5553 2100'],
          vatId: 'DE312675417',
          employees: 45,
          benefits: benefits(['sachbezug', 5000], ['internet', 5000]),
          children: [
            {
              key: 'nordlichtAcademy',
              name: 'Nordlicht Academy',
              legalForm: 'Sonstige',
              status: 'active',
              street: 'Revaler Straße 99',
              zip: '10245',
              city: 'Berlin',
              contact: ['Mira Osei', 'academy@nordlicht-consulting.de', '+49 30 5553 4090'],
              vatId: null,
              employees: 12,
              benefits: benefits(['internet', 3000]),
            },
          ],
        },
        {
          key: 'nordlichtCloud',
          name: 'Nordlicht Cloud Services GmbH',
          legalForm: 'GmbH',
          status: 'draft',
          street: 'Petersstraße 36',
          zip: '04109',
          city: 'Leipzig',
          contact: ['Henrik Paulsen', 'hr@nordlicht-cloud.de', '+49 341 5553 7700'],
          vatId: null,
          employees: 18,
          notes: 'Neugründung; Unterlagen für die Aktivierung fehlen noch.',
          benefits: benefits(['sachbezug', 5000], ['internet', 5000]),
          created: { daysAgo: 10, by: 'daniel' },
        },
      ],
    },
  },
  {
    distributor: 'daniel',
    importedDaysAgo: 6,
    root: {
      key: 'holzmann',
      name: 'Schreinerei Holzmann e.K.',
      legalForm: 'e.K.',
      status: 'draft',
      street: 'Kaiser-Joseph-Straße 240',
      zip: '79098',
      city: 'Freiburg im Breisgau',
      contact: ['Georg Holzmann', 'info@schreinerei-holzmann.de', '+49 761 5554 3300'],
      vatId: 'DE143298765',
      employees: 11,
      benefits: benefits(['sachbezug', 5000], ['geschenk', 6000]),
      created: { daysAgo: 6, by: 'daniel' },
    },
  },
  {
    distributor: 'katrin',
    importedDaysAgo: 88,
    root: {
      key: 'rheinland',
      name: 'Rheinland Pflegedienste GmbH',
      legalForm: 'GmbH',
      status: 'active',
      street: 'Hohe Straße 88',
      zip: '50667',
      city: 'Köln',
      contact: ['Claudia Schmitz', 'personal@rheinland-pflege.de', '+49 221 5555 6000'],
      vatId: 'DE267341908',
      employees: 342,
      notes: 'Hoher Anteil Teilzeitkräfte; Kita-Zuschuss sehr gefragt.',
      benefits: benefits(['sachbezug', 5000], ['kita', 20000], ['gesundheit', 50000], ['erholung', 15600]),
      children: [
        {
          key: 'rheinlandBonn',
          name: 'Ambulanter Pflegedienst Bonn',
          legalForm: 'Sonstige',
          status: 'active',
          street: 'Sternstraße 21',
          zip: '53111',
          city: 'Bonn',
          contact: ['Anke Krause', 'bonn@rheinland-pflege.de', '+49 228 5555 1200'],
          vatId: null,
          employees: 74,
          benefits: benefits(['sachbezug', 5000], ['gesundheit', 72000]),
        },
        {
          key: 'rheinlandLeverkusen',
          name: 'Tagespflege Leverkusen',
          legalForm: 'Sonstige',
          status: 'draft',
          street: 'Wiesdorfer Platz 9',
          zip: '51373',
          city: 'Leverkusen',
          contact: ['Murat Demir', 'leverkusen@rheinland-pflege.de', '+49 214 5555 3300'],
          vatId: null,
          employees: 16,
          benefits: benefits(['sachbezug', 5000], ['kita', 20000]),
          created: { daysAgo: 8, by: 'katrin' },
        },
        {
          key: 'rheinlandDuesseldorf',
          name: 'Seniorenresidenz Düsseldorf',
          legalForm: 'Sonstige',
          status: 'active',
          street: 'Nordstraße 50',
          zip: '40477',
          city: 'Düsseldorf',
          contact: ['Lena Hoffmann', 'verwaltung@seniorenresidenz-duesseldorf.de', '+49 211 5555 4700'],
          vatId: null,
          employees: 88,
          benefits: benefits(['sachbezug', 5000], ['jobticket', 4900], ['erholung', 15600]),
        },
      ],
    },
  },
  {
    distributor: 'katrin',
    importedDaysAgo: 87,
    root: {
      key: 'schwarzwald',
      name: 'Schwarzwald Uhren GmbH & Co. KG',
      legalForm: 'GmbH & Co. KG',
      status: 'active',
      street: 'Bickenstraße 7',
      zip: '78050',
      city: 'Villingen-Schwenningen',
      contact: ['Stefan Fischer', 'personal@schwarzwald-uhren.de', '+49 7721 5556 100'],
      vatId: 'DE147852369',
      employees: 155,
      benefits: benefits(['sachbezug', 5000], ['essenszuschuss', 767], ['bav', 1500]),
      children: [
        {
          key: 'schwarzwaldVertrieb',
          name: 'Schwarzwald Uhren Vertrieb GmbH',
          legalForm: 'GmbH',
          status: 'active',
          street: 'Hauptstraße 55',
          zip: '78098',
          city: 'Triberg im Schwarzwald',
          contact: ['Carina Kern', 'vertrieb@schwarzwald-uhren.de', '+49 7722 5556 200'],
          vatId: 'DE147852377',
          employees: 23,
          benefits: benefits(['sachbezug', 5000], ['internet', 2500]),
        },
      ],
    },
  },
  {
    distributor: 'katrin',
    importedDaysAgo: 87,
    root: {
      key: 'weber',
      name: 'Weber & Söhne Maschinenbau OHG',
      legalForm: 'OHG',
      status: 'suspended',
      createdAs: 'active',
      street: 'Vaihinger Straße 120',
      zip: '70565',
      city: 'Stuttgart',
      contact: ['Robert Weber', 'verwaltung@weber-maschinenbau.de', '+49 711 5557 3000'],
      vatId: 'DE198273645',
      employees: 210,
      notes: 'Gesperrt: Insolvenzantrag gestellt, Klärung durch den Innendienst.',
      benefits: benefits(['sachbezug', 5000], ['jobticket', 4900], ['bav', 1500]),
      children: [
        {
          key: 'weberService',
          name: 'Weber Service GmbH',
          legalForm: 'GmbH',
          status: 'suspended',
          createdAs: 'active',
          street: 'Ritterstraße 10',
          zip: '73728',
          city: 'Esslingen am Neckar',
          contact: ['Ines Vogel', 'service@weber-maschinenbau.de', '+49 711 5557 3900'],
          vatId: 'DE198273653',
          employees: 37,
          benefits: benefits(['sachbezug', 5000]),
        },
      ],
    },
  },
  {
    distributor: 'michael',
    importedDaysAgo: 86,
    root: {
      key: 'elbtal',
      name: 'Elbtal Energie SE',
      legalForm: 'SE',
      status: 'active',
      street: 'Ostra-Allee 11',
      zip: '01067',
      city: 'Dresden',
      contact: ['Julia Zimmermann', 'benefits@elbtal-energie.de', '+49 351 5558 1000'],
      vatId: 'DE276549183',
      employees: 1180,
      notes: 'Konzernvereinbarung; Gesundheitsbudget über dem Freibetrag ist gewollt.',
      benefits: benefits(['sachbezug', 5000], ['gesundheit', 75000], ['jobticket', 5800], ['bav', 2000], ['bkv', 4200]),
      children: [
        {
          key: 'elbtalNetze',
          name: 'Elbtal Netze GmbH',
          legalForm: 'GmbH',
          status: 'active',
          street: 'Königsbrücker Straße 96',
          zip: '01099',
          city: 'Dresden',
          contact: ['Florian Bauer', 'personal@elbtal-netze.de', '+49 351 5558 2000'],
          vatId: 'DE276549191',
          employees: 430,
          benefits: benefits(['sachbezug', 5000], ['jobticket', 5800], ['bav', 2000]),
          children: [
            {
              key: 'elbtalMeissen',
              name: 'Elbtal Netze Netzbetrieb Meißen',
              legalForm: 'Sonstige',
              status: 'active',
              street: 'Elbstraße 4',
              zip: '01662',
              city: 'Meißen',
              contact: ['Uwe Schubert', 'meissen@elbtal-netze.de', '+49 3521 5558 300'],
              vatId: null,
              employees: 85,
              benefits: benefits(['sachbezug', 5000], ['essenszuschuss', 767]),
              children: [
                {
                  key: 'elbtalRiesa',
                  name: 'Elbtal Netze Umspannwerk Riesa',
                  legalForm: 'Sonstige',
                  status: 'draft',
                  street: 'Großenhainer Straße 33',
                  zip: '01587',
                  city: 'Riesa',
                  contact: ['Peter Lehmann', 'riesa@elbtal-netze.de', '+49 3525 5558 400'],
                  vatId: null,
                  employees: 9,
                  benefits: benefits(['sachbezug', 5000]),
                  created: { daysAgo: 14, by: 'michael' },
                },
              ],
            },
          ],
        },
        {
          key: 'elbtalSolar',
          name: 'Elbtal Solar GmbH',
          legalForm: 'GmbH',
          status: 'active',
          street: 'Dohnaische Straße 60',
          zip: '01796',
          city: 'Pirna',
          contact: ['Nadine Wendt', 'team@elbtal-solar.de', '+49 3501 5558 500'],
          vatId: 'DE276549205',
          employees: 64,
          benefits: benefits(['sachbezug', 5000], ['internet', 5000], ['kita', 10000]),
        },
        {
          key: 'elbtalWaerme',
          name: 'Elbtal Wärme GmbH',
          legalForm: 'GmbH',
          status: 'archived',
          createdAs: 'active',
          street: 'Meißner Straße 150',
          zip: '01445',
          city: 'Radebeul',
          contact: ['Thomas Richter', 'waerme@elbtal-energie.de', '+49 351 5558 600'],
          vatId: 'DE276549213',
          employees: 0,
          notes: 'Zum 30.09. auf die Elbtal Netze GmbH verschmolzen.',
          benefits: benefits(['sachbezug', 5000]),
        },
      ],
    },
  },
  {
    distributor: 'michael',
    importedDaysAgo: 86,
    root: {
      key: 'falkenstein',
      name: 'Brauerei Falkenstein eG',
      legalForm: 'eG',
      status: 'active',
      street: 'Obere Königstraße 12',
      zip: '96047',
      city: 'Bamberg',
      contact: ['Sandra Koch', 'verwaltung@brauerei-falkenstein.de', '+49 951 5559 1000'],
      vatId: 'DE131313137',
      employees: 120,
      benefits: benefits(['sachbezug', 5000], ['geschenk', 8000], ['erholung', 15600]),
      children: [
        {
          key: 'falkensteinGastro',
          name: 'Falkenstein Gastronomie GmbH',
          legalForm: 'GmbH',
          status: 'active',
          street: 'Königstraße 74',
          zip: '90402',
          city: 'Nürnberg',
          contact: ['Karin Roth', 'gastro@falkenstein-gastro.de', '+49 911 5559 2000'],
          vatId: 'DE131313145',
          employees: 58,
          benefits: benefits(['essenszuschuss', 767], ['jobticket', 4900]),
        },
        {
          key: 'falkensteinLogistik',
          name: 'Falkenstein Logistik GmbH',
          legalForm: 'GmbH',
          status: 'suspended',
          createdAs: 'active',
          street: 'Hallstadter Straße 40',
          zip: '96052',
          city: 'Bamberg',
          contact: ['Sebastian Dietz', 'logistik@brauerei-falkenstein.de', '+49 951 5559 3000'],
          vatId: 'DE131313153',
          employees: 21,
          notes: 'Ruht während der Umstellung auf einen externen Logistikpartner.',
          benefits: benefits(['sachbezug', 3000]),
        },
      ],
    },
  },
  {
    distributor: 'petra',
    importedDaysAgo: 85,
    root: {
      key: 'richter',
      name: 'Kanzlei Richter & Partner GbR',
      legalForm: 'GbR',
      status: 'active',
      street: 'Neue Mainzer Straße 20',
      zip: '60311',
      city: 'Frankfurt am Main',
      contact: ['Andreas Richter', 'kanzlei@kanzlei-richter.de', '+49 69 5550 4400'],
      vatId: 'DE225588661',
      employees: 34,
      notes: 'Keine Domain-Freigabe: Partner nehmen nicht teil.',
      benefits: benefits(['sachbezug', 5000], ['internet', 5000], ['bav', 2500]),
      children: [
        {
          key: 'richterWiesbaden',
          name: 'Kanzlei Richter & Partner Standort Wiesbaden',
          legalForm: 'Sonstige',
          status: 'active',
          street: 'Wilhelmstraße 44',
          zip: '65183',
          city: 'Wiesbaden',
          contact: ['Nina Frank', 'wiesbaden@kanzlei-richter.de', '+49 611 5550 4500'],
          vatId: null,
          employees: 8,
          notes: 'Standort wird zum Jahresende geschlossen.',
          benefits: benefits(['sachbezug', 5000]),
        },
      ],
    },
  },
  {
    distributor: 'petra',
    importedDaysAgo: 84,
    root: {
      key: 'gruenwerk',
      name: 'Grünwerk Gartenbau GmbH',
      legalForm: 'GmbH',
      status: 'active',
      street: 'Georgstraße 25',
      zip: '30159',
      city: 'Hannover',
      contact: ['Ole Wolff', 'personal@gruenwerk-gartenbau.de', '+49 511 5550 7700'],
      vatId: 'DE289164573',
      employees: 67,
      benefits: benefits(['sachbezug', 5000], ['erholung', 15600]),
      children: [
        {
          key: 'gruenwerkCelle',
          name: 'Grünwerk Gärtnerei Celle',
          legalForm: 'Sonstige',
          status: 'active',
          street: 'Zöllnerstraße 30',
          zip: '29221',
          city: 'Celle',
          contact: ['Frauke Meier', 'celle@gaertnerei-celle.de', '+49 5141 5550 800'],
          vatId: null,
          employees: 15,
          benefits: benefits(['sachbezug', 5000]),
        },
        {
          key: 'gruenwerkHildesheim',
          name: 'Grünwerk Baumschule Hildesheim',
          legalForm: 'Sonstige',
          status: 'active',
          street: 'Almsstraße 15',
          zip: '31134',
          city: 'Hildesheim',
          contact: ['Heiko Brandes', 'hildesheim@gruenwerk-gartenbau.de', '+49 5121 5550 900'],
          vatId: null,
          employees: 12,
          benefits: benefits(['sachbezug', 5000], ['jobticket', 4900]),
        },
      ],
    },
  },
  // Direct customers of the provider, without a sales partner.
  {
    distributor: null,
    importedDaysAgo: 89,
    root: {
      key: 'hafenkontor',
      name: 'Hafenkontor Bremen GmbH',
      legalForm: 'GmbH',
      status: 'archived',
      createdAs: 'active',
      street: 'Konsul-Smidt-Straße 8',
      zip: '28217',
      city: 'Bremen',
      contact: ['Hauke Meyer', 'buero@hafenkontor-bremen.de', '+49 421 5550 9900'],
      vatId: 'DE114477225',
      employees: 0,
      notes: 'Vertrag zum 31.08. gekündigt; Daten bleiben bis Ablauf der Aufbewahrungsfrist.',
      benefits: benefits(['sachbezug', 4000]),
    },
  },
  {
    distributor: null,
    importedDaysAgo: 9,
    root: {
      key: 'alpenblick',
      name: 'Alpenblick Hotels AG',
      legalForm: 'AG',
      status: 'draft',
      street: 'Bahnhofstraße 18',
      zip: '82467',
      city: 'Garmisch-Partenkirchen',
      contact: ['Verena Gruber', 'hr@alpenblick-hotels.de', '+49 8821 5550 100'],
      vatId: 'DE318273946',
      employees: 190,
      notes: 'Direktkunde; Saisonkräfte sollen per E-Mail freigeschaltet werden.',
      benefits: benefits(['sachbezug', 5000], ['essenszuschuss', 767], ['erholung', 15600], ['geschenk', 6000]),
      created: { daysAgo: 9, by: 'birgit' },
      children: [
        {
          key: 'alpenblickOberstdorf',
          name: 'Hotel Alpenblick Oberstdorf',
          legalForm: 'Sonstige',
          status: 'draft',
          street: 'Nebelhornstraße 5',
          zip: '87561',
          city: 'Oberstdorf',
          contact: ['Max Berchtold', 'oberstdorf@alpenblick-hotels.de', '+49 8322 5550 200'],
          vatId: null,
          employees: 62,
          benefits: benefits(['sachbezug', 5000], ['essenszuschuss', 767]),
          created: { daysAgo: 9, by: 'birgit' },
        },
        {
          key: 'alpenblickBerchtesgaden',
          name: 'Hotel Alpenblick Berchtesgaden',
          legalForm: 'Sonstige',
          status: 'draft',
          street: 'Maximilianstraße 9',
          zip: '83471',
          city: 'Berchtesgaden',
          contact: ['Lisa Stangassinger', 'berchtesgaden@alpenblick-hotels.de', '+49 8652 5550 300'],
          vatId: null,
          employees: 48,
          benefits: benefits(['sachbezug', 5000], ['essenszuschuss', 767]),
          created: { daysAgo: 8, by: 'birgit' },
        },
      ],
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Account history after creation (besides approvals, which have their own list below)
// ---------------------------------------------------------------------------------------------

interface AccountEventSeed {
  account: string;
  daysAgo: number;
  by: UserKey;
  action: 'update' | 'status_change';
  /** Only `before` is given: `after` is the account's value as seeded (updates come last). */
  before: Partial<Record<'status' | 'contactName' | 'contactPhone' | 'employeeCount' | 'notes' | 'vatId', unknown>>;
}

const ACCOUNT_EVENTS: AccountEventSeed[] = [
  { account: 'muellerLogistik', daysAgo: 45, by: 'daniel', action: 'update', before: { contactName: 'Petra Müller' } },
  { account: 'hansen', daysAgo: 50, by: 'daniel', action: 'update', before: { contactPhone: '+49 431 5552 8800' } },
  { account: 'rheinland', daysAgo: 33, by: 'katrin', action: 'update', before: { employeeCount: 310 } },
  { account: 'schwarzwald', daysAgo: 40, by: 'birgit', action: 'update', before: { vatId: null } },
  { account: 'elbtal', daysAgo: 27, by: 'michael', action: 'update', before: { notes: 'Konzernvereinbarung.' } },
  { account: 'weber', daysAgo: 22, by: 'birgit', action: 'status_change', before: { status: 'active' } },
  { account: 'weberService', daysAgo: 22, by: 'birgit', action: 'status_change', before: { status: 'active' } },
  { account: 'muellerFuhrpark', daysAgo: 15, by: 'birgit', action: 'status_change', before: { status: 'active' } },
  { account: 'falkensteinLogistik', daysAgo: 12, by: 'jonas', action: 'status_change', before: { status: 'active' } },
];

// ---------------------------------------------------------------------------------------------
// Approvals
// ---------------------------------------------------------------------------------------------

interface ApprovalSeed {
  kind: ApprovalInsert['kind'];
  /** Account key, or `user:<key>` for a role grant. */
  entity: string;
  payload: Record<string, unknown>;
  reason: string;
  requestedBy: UserKey;
  requestedDaysAgo: number;
  decision?: { status: 'approved' | 'rejected'; by: UserKey; daysAgo: number; comment: string };
  /** For an approved benefit change: the benefits before it. */
  benefitsBefore?: BenefitRow[];
}

const APPROVAL_SEEDS: ApprovalSeed[] = [
  // Decided.
  {
    kind: 'account_activation',
    entity: 'muellerSued',
    payload: { status: 'active' },
    reason: 'Vertrag unterschrieben, Mitarbeiterliste liegt vor.',
    requestedBy: 'daniel',
    requestedDaysAgo: 69,
    decision: { status: 'approved', by: 'anna', daysAgo: 68, comment: 'Unterlagen vollständig.' },
  },
  {
    kind: 'benefit_change',
    entity: 'nordlicht',
    payload: {
      benefits: benefits(
        ['sachbezug', 6000],
        ['internet', 5000],
        ['jobticket', 5800],
        ['gesundheit', 60000],
        ['bkv', 3500],
      ),
    },
    benefitsBefore: benefits(['sachbezug', 5000], ['internet', 5000], ['jobticket', 4900], ['gesundheit', 60000]),
    reason: 'Kunde erhöht Sachbezug und Jobticket (Deutschlandticket-Preis) und führt die bKV ein.',
    requestedBy: 'daniel',
    requestedDaysAgo: 40,
    decision: {
      status: 'approved',
      by: 'birgit',
      daysAgo: 39,
      comment: 'Sachbezug über 50 € mit Kunde besprochen, Lohnsteuer wird abgeführt.',
    },
  },
  {
    kind: 'account_activation',
    entity: 'muellerAugsburg',
    payload: { status: 'active' },
    reason: 'Lager startet im nächsten Monat.',
    requestedBy: 'daniel',
    requestedDaysAgo: 30,
    decision: {
      status: 'rejected',
      by: 'birgit',
      daysAgo: 29,
      comment: 'Mietvertrag und Mitarbeiterliste fehlen noch.',
    },
  },
  {
    kind: 'account_archive',
    entity: 'hafenkontor',
    payload: { status: 'archived' },
    reason: 'Kunde hat zum 31.08. gekündigt.',
    requestedBy: 'birgit',
    requestedDaysAgo: 45,
    decision: { status: 'approved', by: 'thomas', daysAgo: 44, comment: 'Kündigung liegt vor.' },
  },
  {
    kind: 'account_archive',
    entity: 'elbtalWaerme',
    payload: { status: 'archived' },
    reason: 'Gesellschaft auf die Elbtal Netze GmbH verschmolzen.',
    requestedBy: 'michael',
    requestedDaysAgo: 25,
    decision: { status: 'approved', by: 'anna', daysAgo: 24, comment: 'Handelsregisterauszug geprüft.' },
  },
  {
    kind: 'role_grant',
    entity: 'user:lukas',
    payload: { role: 'backoffice' },
    reason: 'Herr Hartmann soll Whitelist-Importe für alle Standorte übernehmen.',
    requestedBy: 'birgit',
    requestedDaysAgo: 20,
    decision: {
      status: 'rejected',
      by: 'thomas',
      daysAgo: 19,
      comment: 'Kundenmitarbeiter erhalten keinen Innendienst-Zugang; Manager-Rolle reicht.',
    },
  },
  // Pending: what the deciders see on their dashboard.
  {
    kind: 'account_activation',
    entity: 'holzmann',
    payload: { status: 'active' },
    reason: 'Vertrag unterschrieben zurück, Start zum Monatsersten.',
    requestedBy: 'daniel',
    requestedDaysAgo: 3,
  },
  {
    kind: 'account_activation',
    entity: 'rheinlandLeverkusen',
    payload: { status: 'active' },
    reason: 'Neue Tagespflege eröffnet; gleiche Leistungen wie die Muttergesellschaft.',
    requestedBy: 'katrin',
    requestedDaysAgo: 2,
  },
  {
    kind: 'account_activation',
    entity: 'alpenblick',
    payload: { status: 'active' },
    reason: 'Direktkunde, Vertrag liegt unterschrieben vor.',
    requestedBy: 'birgit',
    requestedDaysAgo: 4,
  },
  {
    kind: 'benefit_change',
    entity: 'hansen',
    payload: { benefits: benefits(['sachbezug', 5000], ['internet', 5000], ['erholung', 15600], ['geschenk', 6000]) },
    reason: 'Sachbezug auf 50 € anheben und Internetpauschale für die Verwaltung einführen.',
    requestedBy: 'daniel',
    requestedDaysAgo: 1,
  },
  {
    kind: 'account_archive',
    entity: 'richterWiesbaden',
    payload: { status: 'archived' },
    reason: 'Standort Wiesbaden wird zum Jahresende geschlossen.',
    requestedBy: 'petra',
    requestedDaysAgo: 2,
  },
  {
    kind: 'role_grant',
    entity: 'user:jonas',
    payload: { role: 'admin' },
    reason: 'Vertretung im IT-Betrieb während der Elternzeit von Frau Albrecht.',
    requestedBy: 'thomas',
    requestedDaysAgo: 1,
  },
];

// ---------------------------------------------------------------------------------------------
// Tasks
// ---------------------------------------------------------------------------------------------

interface TaskSeed {
  title: string;
  description?: string;
  status: TaskStatus;
  priority: TaskPriority;
  /** Days from today; negative = overdue. */
  due: number | null;
  assignee: UserKey;
  creator: UserKey;
  account: string | null;
  createdDaysAgo: number;
  /** Done tasks: when they were completed. */
  completedDaysAgo?: number;
}

const TASK_SEEDS: TaskSeed[] = [
  {
    title: 'Rahmenvertrag Müller Logistik verlängern',
    description: 'Verlängerung um zwei Jahre anbieten, Konditionen wie bisher.',
    status: 'open',
    priority: 'high',
    due: -3,
    assignee: 'daniel',
    creator: 'birgit',
    account: 'muellerLogistik',
    createdDaysAgo: 20,
  },
  {
    title: 'Mitarbeiterliste Q4 hochladen',
    description: 'Aktuelle Liste aller Standorte als PDF unter Dokumente ablegen.',
    status: 'in_progress',
    priority: 'normal',
    due: 5,
    assignee: 'martin',
    creator: 'daniel',
    account: 'muellerLogistik',
    createdDaysAgo: 10,
  },
  {
    title: 'Whitelist Standort Bremerhaven prüfen',
    status: 'open',
    priority: 'low',
    due: 14,
    assignee: 'martin',
    creator: 'martin',
    account: 'muellerBremerhaven',
    createdDaysAgo: 4,
  },
  {
    title: 'Aktivierung Schreinerei Holzmann nachhalten',
    description: 'Freigabe ist beantragt; bei Rückfragen Herrn Holzmann anrufen.',
    status: 'open',
    priority: 'high',
    due: 2,
    assignee: 'anna',
    creator: 'daniel',
    account: 'holzmann',
    createdDaysAgo: 3,
  },
  {
    title: 'Zahlungsverzug Müller Fuhrpark klären',
    description: 'Zwei Rechnungen offen; Konto ist gesperrt bis zum Zahlungseingang.',
    status: 'in_progress',
    priority: 'high',
    due: -1,
    assignee: 'birgit',
    creator: 'birgit',
    account: 'muellerFuhrpark',
    createdDaysAgo: 15,
  },
  {
    title: 'Leistungskatalog 2026 an alle Kunden versenden',
    status: 'open',
    priority: 'normal',
    due: 10,
    assignee: 'birgit',
    creator: 'anna',
    account: null,
    createdDaysAgo: 6,
  },
  {
    title: 'Jahresgespräch Bäckerei Hansen vorbereiten',
    status: 'open',
    priority: 'normal',
    due: 21,
    assignee: 'daniel',
    creator: 'daniel',
    account: 'hansen',
    createdDaysAgo: 9,
  },
  {
    title: 'Internetpauschale für die Verwaltung klären',
    description: 'Welche Mitarbeitenden arbeiten regelmäßig im Homeoffice?',
    status: 'open',
    priority: 'normal',
    due: 7,
    assignee: 'jana',
    creator: 'daniel',
    account: 'hansen',
    createdDaysAgo: 5,
  },
  {
    title: 'Essenszuschuss Filiale Lübeck anpassen',
    status: 'done',
    priority: 'low',
    due: -12,
    assignee: 'jana',
    creator: 'jana',
    account: 'hansenLuebeck',
    createdDaysAgo: 25,
    completedDaysAgo: 13,
  },
  {
    title: 'Nordlicht Cloud Services: Unterlagen vervollständigen',
    description: 'Handelsregisterauszug und unterschriebener Vertrag fehlen.',
    status: 'open',
    priority: 'normal',
    due: 3,
    assignee: 'daniel',
    creator: 'daniel',
    account: 'nordlichtCloud',
    createdDaysAgo: 10,
  },
  {
    title: 'Onboarding Nordlicht Academy abschließen',
    status: 'done',
    priority: 'normal',
    due: -20,
    assignee: 'tobias',
    creator: 'daniel',
    account: 'nordlichtAcademy',
    createdDaysAgo: 35,
    completedDaysAgo: 22,
  },
  {
    title: 'Gesundheitsbudget Pflegedienst Bonn prüfen',
    description: '720 € liegen über dem Freibetrag von 600 €; mit Kunde besprechen.',
    status: 'open',
    priority: 'normal',
    due: -6,
    assignee: 'katrin',
    creator: 'jonas',
    account: 'rheinlandBonn',
    createdDaysAgo: 18,
  },
  {
    title: 'Mitarbeiterzahl Seniorenresidenz aktualisieren',
    status: 'in_progress',
    priority: 'low',
    due: 4,
    assignee: 'claudia',
    creator: 'katrin',
    account: 'rheinlandDuesseldorf',
    createdDaysAgo: 8,
  },
  {
    title: 'Aktivierung Tagespflege Leverkusen begleiten',
    status: 'open',
    priority: 'high',
    due: 1,
    assignee: 'katrin',
    creator: 'katrin',
    account: 'rheinlandLeverkusen',
    createdDaysAgo: 8,
  },
  {
    title: 'Gesperrten Zugang von Stefan Fischer klären',
    description: 'Nach fünf Fehlversuchen gesperrt; Identität telefonisch prüfen.',
    status: 'open',
    priority: 'high',
    due: 0,
    assignee: 'birgit',
    creator: 'katrin',
    account: 'schwarzwald',
    createdDaysAgo: 2,
  },
  {
    title: 'Mahnung Weber & Söhne versenden',
    status: 'in_progress',
    priority: 'high',
    due: -8,
    assignee: 'jonas',
    creator: 'birgit',
    account: 'weber',
    createdDaysAgo: 21,
  },
  {
    title: 'Kündigungsschreiben Weber Service ablegen',
    status: 'done',
    priority: 'normal',
    due: -15,
    assignee: 'jonas',
    creator: 'jonas',
    account: 'weberService',
    createdDaysAgo: 20,
    completedDaysAgo: 16,
  },
  {
    title: 'bAV-Zuschuss auf 25 % prüfen',
    description: 'Betriebsrat wünscht eine Erhöhung; Kosten kalkulieren.',
    status: 'open',
    priority: 'normal',
    due: 12,
    assignee: 'michael',
    creator: 'julia',
    account: 'elbtal',
    createdDaysAgo: 6,
  },
  {
    title: 'Umspannwerk Riesa: Aktivierung beantragen',
    status: 'in_progress',
    priority: 'normal',
    due: 6,
    assignee: 'michael',
    creator: 'michael',
    account: 'elbtalRiesa',
    createdDaysAgo: 14,
  },
  {
    title: 'Einladung an Florian Bauer erneut senden',
    status: 'open',
    priority: 'low',
    due: null,
    assignee: 'michael',
    creator: 'julia',
    account: 'elbtalNetze',
    createdDaysAgo: 5,
  },
  {
    title: 'Archivierung Elbtal Wärme dokumentieren',
    status: 'done',
    priority: 'low',
    due: -22,
    assignee: 'thomas',
    creator: 'anna',
    account: 'elbtalWaerme',
    createdDaysAgo: 24,
    completedDaysAgo: 23,
  },
  {
    title: 'Sperre Falkenstein Logistik überprüfen',
    status: 'open',
    priority: 'normal',
    due: 9,
    assignee: 'michael',
    creator: 'jonas',
    account: 'falkensteinLogistik',
    createdDaysAgo: 12,
  },
  {
    title: 'Geschenkgutscheine zum Brauereijubiläum',
    description: 'Geschenk über 60 €: Pauschalversteuerung nach § 37b EStG klären.',
    status: 'done',
    priority: 'normal',
    due: -30,
    assignee: 'michael',
    creator: 'michael',
    account: 'falkenstein',
    createdDaysAgo: 45,
    completedDaysAgo: 31,
  },
  {
    title: 'Schließung Standort Wiesbaden vorbereiten',
    status: 'in_progress',
    priority: 'normal',
    due: 20,
    assignee: 'petra',
    creator: 'andreas',
    account: 'richterWiesbaden',
    createdDaysAgo: 7,
  },
  {
    title: 'Whitelist Kanzlei Richter bereinigen',
    description: 'Ausgeschiedene Mitarbeitende entfernen.',
    status: 'open',
    priority: 'low',
    due: -2,
    assignee: 'andreas',
    creator: 'andreas',
    account: 'richter',
    createdDaysAgo: 11,
  },
  {
    title: 'Angebot Jobticket für Grünwerk erstellen',
    status: 'open',
    priority: 'normal',
    due: 30,
    assignee: 'petra',
    creator: 'petra',
    account: 'gruenwerk',
    createdDaysAgo: 3,
  },
  {
    title: 'Vertragsentwurf Alpenblick Hotels prüfen',
    status: 'open',
    priority: 'high',
    due: -1,
    assignee: 'anna',
    creator: 'birgit',
    account: 'alpenblick',
    createdDaysAgo: 8,
  },
  {
    title: 'Datenschutzhinweise für das Mitarbeiterportal aktualisieren',
    status: 'in_progress',
    priority: 'normal',
    due: 14,
    assignee: 'anna',
    creator: 'anna',
    account: null,
    createdDaysAgo: 16,
  },
  {
    title: 'Demo-Zugänge für die Schulung vorbereiten',
    status: 'done',
    priority: 'low',
    due: -5,
    assignee: 'birgit',
    creator: 'anna',
    account: null,
    createdDaysAgo: 12,
    completedDaysAgo: 6,
  },
  {
    title: 'Monatsabschluss Rechnungen Oktober',
    status: 'done',
    priority: 'normal',
    due: -21,
    assignee: 'birgit',
    creator: 'birgit',
    account: null,
    createdDaysAgo: 25,
    completedDaysAgo: 20,
  },
  {
    title: 'Provisionsabrechnung Q3 prüfen',
    status: 'open',
    priority: 'normal',
    due: null,
    assignee: 'daniel',
    creator: 'thomas',
    account: null,
    createdDaysAgo: 9,
  },
  {
    title: 'Jahresplanung Vertrieb 2027',
    status: 'open',
    priority: 'low',
    due: 40,
    assignee: 'daniel',
    creator: 'daniel',
    account: null,
    createdDaysAgo: 2,
  },
];

// ---------------------------------------------------------------------------------------------
// Whitelist
// ---------------------------------------------------------------------------------------------

/** [kind, value, note, validUntil in days from today (negative = expired)] */
type WhitelistRow = [kind: 'email' | 'domain', value: string, note: string, validUntil?: number];

interface WhitelistSeed {
  account: string;
  by: UserKey;
  createdDaysAgo: number;
  entries: WhitelistRow[];
}

const WHITELIST_SEEDS: WhitelistSeed[] = [
  {
    account: 'muellerLogistik',
    by: 'martin',
    createdDaysAgo: 84,
    entries: [
      ['domain', 'mueller-logistik.de', 'Alle Mitarbeitenden mit Firmenadresse'],
      ['email', 'k.yilmaz@example.net', 'Lagerhelfer ohne Firmenadresse'],
      ['email', 's.petrovic@example.net', 'Fahrerin, private Adresse'],
      ['email', 'aushilfe.lager1@example.org', 'Aushilfe Weihnachtsgeschäft', -40],
      ['email', 'aushilfe.lager2@example.org', 'Aushilfe Weihnachtsgeschäft', -40],
      ['email', 'praktikant.jens@example.org', 'Praktikum', 60],
    ],
  },
  {
    account: 'muellerNord',
    by: 'lukas',
    createdDaysAgo: 78,
    entries: [
      ['domain', 'mueller-logistik-nord.de', ''],
      ['email', 'fahrer.nord1@example.net', 'Fahrer ohne Firmenadresse'],
      ['email', 't.kowalski@example.net', ''],
    ],
  },
  {
    account: 'muellerBremerhaven',
    by: 'martin',
    createdDaysAgo: 60,
    entries: [
      ['email', 'j.janssen@example.net', 'Schichtleiter'],
      ['email', 'm.oltmanns@example.net', ''],
    ],
  },
  {
    account: 'hansen',
    by: 'jana',
    createdDaysAgo: 82,
    entries: [
      ['domain', 'baeckerei-hansen.de', 'Verwaltung und Filialleitungen'],
      ['email', 'verkauf.flensburg@example.net', 'Verkäuferin Flensburg'],
      ['email', 'a.petersen@example.net', 'Backstube'],
      ['email', 'aushilfe.sommer@example.org', 'Sommeraushilfe', -60],
      ['email', 'aushilfe.herbst@example.org', 'Herbstaushilfe', 30],
    ],
  },
  {
    account: 'hansenLuebeck',
    by: 'daniel',
    createdDaysAgo: 70,
    entries: [
      ['email', 'b.lorenzen@example.net', 'Filialleitung'],
      ['email', 'c.thomsen@example.net', ''],
    ],
  },
  {
    account: 'nordlicht',
    by: 'tobias',
    createdDaysAgo: 80,
    entries: [
      ['domain', 'nordlicht-software.de', ''],
      ['domain', 'nordlicht-dev.de', 'Zweitdomain der Entwicklungsabteilung'],
      ['email', 'extern.m.novak@example.net', 'Externer Entwickler bis Projektende', 90],
      ['email', 'werkstudent.l.sommer@example.org', 'Werkstudent', -5],
    ],
  },
  {
    account: 'nordlichtConsulting',
    by: 'daniel',
    createdDaysAgo: 75,
    entries: [['domain', 'nordlicht-consulting.de', '']],
  },
  {
    account: 'rheinland',
    by: 'claudia',
    createdDaysAgo: 81,
    entries: [
      ['domain', 'rheinland-pflege.de', 'Alle Standorte'],
      ['email', 'pflegekraft.n.oeztuerk@example.net', 'Pflegekraft ohne Firmenadresse'],
      ['email', 'h.becker@example.net', ''],
      ['email', 'e.wagner@example.net', 'Nachtdienst'],
      ['email', 'springer.pool@example.org', 'Springerpool Sommer', -14],
    ],
  },
  {
    account: 'rheinlandBonn',
    by: 'katrin',
    createdDaysAgo: 66,
    entries: [
      ['email', 'a.krause@example.net', ''],
      ['email', 'm.schulte@example.net', 'Auszubildende'],
    ],
  },
  {
    account: 'rheinlandDuesseldorf',
    by: 'claudia',
    createdDaysAgo: 55,
    entries: [
      ['domain', 'seniorenresidenz-duesseldorf.de', ''],
      ['email', 'l.hoffmann@example.net', 'Hauswirtschaft'],
    ],
  },
  {
    account: 'schwarzwald',
    by: 'katrin',
    createdDaysAgo: 76,
    entries: [
      ['domain', 'schwarzwald-uhren.de', ''],
      ['email', 'uhrmacher.f.kern@example.net', ''],
      ['email', 'azubi.j.maier@example.org', 'Ausbildung bis Sommer', 300],
    ],
  },
  {
    account: 'weber',
    by: 'katrin',
    createdDaysAgo: 79,
    entries: [
      ['domain', 'weber-maschinenbau.de', ''],
      ['email', 'monteur.b.vogel@example.net', 'Befristeter Montagevertrag', -20],
    ],
  },
  {
    account: 'elbtal',
    by: 'julia',
    createdDaysAgo: 80,
    entries: [
      ['domain', 'elbtal-energie.de', 'Konzernweit'],
      ['email', 'r.schubert@example.net', ''],
      ['email', 'werkstudent.p.lehmann@example.org', 'Werkstudent', 120],
      ['email', 'extern.audit@example.net', 'Externe Prüfung', -3],
    ],
  },
  {
    account: 'elbtalNetze',
    by: 'michael',
    createdDaysAgo: 74,
    entries: [
      ['domain', 'elbtal-netze.de', ''],
      ['email', 'monteur.team3@example.net', 'Bereitschaftsteam'],
    ],
  },
  { account: 'elbtalSolar', by: 'michael', createdDaysAgo: 72, entries: [['domain', 'elbtal-solar.de', '']] },
  {
    account: 'falkenstein',
    by: 'michael',
    createdDaysAgo: 77,
    entries: [
      ['domain', 'brauerei-falkenstein.de', ''],
      ['email', 'brauer.s.dietz@example.net', ''],
      ['email', 'saison.biergarten1@example.org', 'Biergarten-Saison', -50],
      ['email', 'saison.biergarten2@example.org', 'Biergarten-Saison', -50],
    ],
  },
  {
    account: 'falkensteinGastro',
    by: 'michael',
    createdDaysAgo: 64,
    entries: [
      ['domain', 'falkenstein-gastro.de', ''],
      ['email', 'k.roth@example.net', 'Küche'],
    ],
  },
  {
    account: 'richter',
    by: 'andreas',
    createdDaysAgo: 76,
    entries: [
      ['email', 'a.richter@kanzlei-richter.de', ''],
      ['email', 's.vogel@kanzlei-richter.de', 'Sekretariat'],
      ['email', 't.engel@kanzlei-richter.de', ''],
      ['email', 'referendarin.m.stein@example.org', 'Referendariat', 45],
    ],
  },
  {
    account: 'richterWiesbaden',
    by: 'petra',
    createdDaysAgo: 58,
    entries: [
      ['email', 'wiesbaden@kanzlei-richter.de', 'Empfang'],
      ['email', 'n.frank@kanzlei-richter.de', 'Standortleitung'],
    ],
  },
  {
    account: 'gruenwerk',
    by: 'petra',
    createdDaysAgo: 83,
    entries: [
      // An internationalised domain: stored in punycode like the API does (SPEC §2).
      ['domain', 'grünwerk-gartenbau.de', 'Alte Domain mit Umlaut, noch in Gebrauch'],
      ['domain', 'gruenwerk-gartenbau.de', ''],
      ['email', 'gaertner.o.wolff@example.net', ''],
      ['email', 'saisonhilfe.fruehjahr@example.org', 'Frühjahrssaison', -30],
    ],
  },
  { account: 'gruenwerkCelle', by: 'petra', createdDaysAgo: 61, entries: [['domain', 'gaertnerei-celle.de', '']] },
  {
    account: 'hafenkontor',
    by: 'birgit',
    createdDaysAgo: 88,
    entries: [
      ['email', 'disponent.h.meyer@example.net', 'Bis Vertragsende', -82],
      ['email', 'buero@hafenkontor-bremen.de', 'Bis Vertragsende', -82],
    ],
  },
];

/** Later edits and one removal, to give the whitelist history something to show. */
const WHITELIST_UPDATES: Array<{
  value: string;
  daysAgo: number;
  by: UserKey;
  before: { validUntil?: number; note?: string };
}> = [
  { value: 'aushilfe.herbst@example.org', daysAgo: 20, by: 'jana', before: { validUntil: -5 } },
  { value: 'extern.m.novak@example.net', daysAgo: 11, by: 'tobias', before: { note: 'Externer Entwickler' } },
  { value: 'azubi.j.maier@example.org', daysAgo: 30, by: 'katrin', before: { validUntil: 100 } },
];
const WHITELIST_REMOVED = {
  account: 'richter',
  by: 'andreas' as UserKey,
  value: 'p.albers@kanzlei-richter.de',
  createdDaysAgo: 76,
  deletedDaysAgo: 10,
};

// ---------------------------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------------------------

interface DocumentVersionSeed {
  fileName: string;
  by: UserKey;
  daysAgo: number;
  lines: string[];
}

interface DocumentSeed {
  title: string;
  category: DocumentCategory;
  account: string | null;
  description: string;
  versions: DocumentVersionSeed[];
  deleted?: { by: UserKey; daysAgo: number };
}

const DOCUMENT_SEEDS: DocumentSeed[] = [
  {
    title: 'Rahmenvertrag 2026',
    category: 'contract',
    account: 'muellerLogistik',
    description: 'Rahmenvertrag über Sachbezug, Essenszuschuss, Jobticket und bAV.',
    versions: [
      {
        fileName: 'Rahmenvertrag_2026_Entwurf.pdf',
        by: 'daniel',
        daysAgo: 60,
        lines: ['Entwurf zur Abstimmung mit der Geschäftsführung.', 'Laufzeit: 01.01.2026 bis 31.12.2027'],
      },
      {
        fileName: 'Rahmenvertrag_2026.pdf',
        by: 'daniel',
        daysAgo: 30,
        lines: [
          'Unterschriebene Fassung.',
          'Laufzeit: 01.01.2026 bis 31.12.2027',
          'Leistungen: Sachbezug 50 €, Essenszuschuss 7,67 €, Jobticket, bAV 20 %',
        ],
      },
    ],
  },
  {
    title: 'Leistungsübersicht für Mitarbeitende',
    category: 'benefit_overview',
    account: 'muellerLogistik',
    description: 'Aushang für die Pausenräume.',
    versions: [
      {
        fileName: 'Leistungsuebersicht_Mueller_Logistik.pdf',
        by: 'martin',
        daysAgo: 50,
        lines: [
          'Ihre Benefits bei Müller Logistik',
          'Sachbezug: 50 € pro Monat auf die Gutscheinkarte',
          'Essenszuschuss: 7,67 € pro Arbeitstag',
          'Deutschlandticket: 49 € pro Monat',
        ],
      },
    ],
  },
  {
    title: 'Mitarbeiterliste Standort Nord',
    category: 'employee_list',
    account: 'muellerNord',
    description: 'Stand Oktober 2026.',
    versions: [
      {
        fileName: 'Mitarbeiterliste_Nord_2026-10.pdf',
        by: 'lukas',
        daysAgo: 34,
        lines: ['135 Mitarbeitende, davon 48 am Standort Bremerhaven', '(Namensliste nur in der Originaldatei)'],
      },
    ],
  },
  {
    title: 'Rechnung RE-2026-1043',
    category: 'invoice',
    account: 'hansen',
    description: 'Servicegebühr Oktober 2026.',
    versions: [
      {
        fileName: 'Rechnung_RE-2026-1043.pdf',
        by: 'birgit',
        daysAgo: 19,
        lines: [
          'Rechnungsnummer: RE-2026-1043',
          'Leistungszeitraum: 01.10.2026 – 31.10.2026',
          'Betrag: 312,00 € zzgl. USt.',
        ],
      },
    ],
  },
  {
    title: 'Rahmenvertrag Bäckerei Hansen',
    category: 'contract',
    account: 'hansen',
    description: 'Vertrag mit Nachtrag zur Erholungsbeihilfe.',
    versions: [
      {
        fileName: 'Rahmenvertrag_Hansen.pdf',
        by: 'daniel',
        daysAgo: 85,
        lines: ['Rahmenvertrag Sachbezug und Geschenke zu persönlichen Anlässen'],
      },
      {
        fileName: 'Rahmenvertrag_Hansen_Nachtrag_1.pdf',
        by: 'daniel',
        daysAgo: 48,
        lines: ['Nachtrag 1: Erholungsbeihilfe bis 156 € pro Jahr'],
      },
    ],
  },
  {
    title: 'Versicherungsschein betriebliche Krankenversicherung',
    category: 'policy',
    account: 'nordlicht',
    description: 'bKV-Tarif Budget 600, Gruppenvertrag.',
    versions: [
      {
        fileName: 'Versicherungsschein_bKV_Nordlicht.pdf',
        by: 'daniel',
        daysAgo: 38,
        lines: ['Gruppenversicherung bKV, Budgettarif 600 € pro Jahr', 'Versicherungsbeginn: 01.11.2026'],
      },
    ],
  },
  {
    title: 'Leistungsübersicht Rheinland Pflegedienste',
    category: 'benefit_overview',
    account: 'rheinland',
    description: 'Für das Intranet.',
    versions: [
      {
        fileName: 'Benefits_Rheinland_Pflege.pdf',
        by: 'claudia',
        daysAgo: 70,
        lines: ['Sachbezug 50 €, Kita-Zuschuss, Gesundheitsbudget, Erholungsbeihilfe'],
      },
      {
        fileName: 'Benefits_Rheinland_Pflege_v2.pdf',
        by: 'claudia',
        daysAgo: 32,
        lines: ['Aktualisiert: Gesundheitsbudget 500 € pro Jahr', 'Kita-Zuschuss bis 200 € pro Monat'],
      },
    ],
  },
  {
    title: 'Rahmenvertrag Schwarzwald Uhren',
    category: 'contract',
    account: 'schwarzwald',
    description: '',
    versions: [
      {
        fileName: 'Rahmenvertrag_Schwarzwald_Uhren.pdf',
        by: 'katrin',
        daysAgo: 74,
        lines: ['Vertragspartner: Schwarzwald Uhren GmbH & Co. KG', 'Leistungen: Sachbezug, Essenszuschuss, bAV 15 %'],
      },
    ],
  },
  {
    title: 'Mahnung zur Rechnung RE-2026-0911',
    category: 'invoice',
    account: 'weber',
    description: 'Zweite Mahnung.',
    versions: [
      {
        fileName: 'Mahnung_RE-2026-0911.pdf',
        by: 'jonas',
        daysAgo: 18,
        lines: ['Zweite Mahnung', 'Offener Betrag: 1.284,50 €', 'Zahlbar bis 14 Tage nach Zugang'],
      },
    ],
  },
  {
    title: 'Versorgungsordnung bAV',
    category: 'policy',
    account: 'elbtal',
    description: 'Arbeitgeberzuschuss 20 % zur Entgeltumwandlung.',
    versions: [
      {
        fileName: 'Versorgungsordnung_bAV_Elbtal.pdf',
        by: 'michael',
        daysAgo: 80,
        lines: ['Arbeitgeberzuschuss: 15 % des umgewandelten Entgelts'],
      },
      {
        fileName: 'Versorgungsordnung_bAV_Elbtal_2026.pdf',
        by: 'julia',
        daysAgo: 26,
        lines: ['Arbeitgeberzuschuss: 20 % des umgewandelten Entgelts', 'Gültig ab 01.01.2026'],
      },
    ],
  },
  {
    title: 'Verschmelzungsnachweis Elbtal Wärme',
    category: 'other',
    account: 'elbtalWaerme',
    description: 'Handelsregisterauszug zur Verschmelzung.',
    versions: [
      {
        fileName: 'HR-Auszug_Elbtal_Waerme.pdf',
        by: 'michael',
        daysAgo: 25,
        lines: ['Auszug aus dem Handelsregister (Demo)', 'Verschmelzung auf die Elbtal Netze GmbH'],
      },
    ],
  },
  {
    title: 'Gutscheinkonzept Brauereijubiläum',
    category: 'benefit_overview',
    account: 'falkenstein',
    description: 'Geschenke zum 150-jährigen Jubiläum.',
    versions: [
      {
        fileName: 'Gutscheinkonzept_Falkenstein.pdf',
        by: 'michael',
        daysAgo: 44,
        lines: ['Jubiläumsgeschenk: 80 € je Mitarbeitenden', 'Hinweis: über 60 € pauschal nach § 37b EStG versteuern'],
      },
    ],
  },
  {
    title: 'Vertrag Kanzlei Richter & Partner',
    category: 'contract',
    account: 'richter',
    description: '',
    versions: [
      {
        fileName: 'Vertrag_Kanzlei_Richter.pdf',
        by: 'petra',
        daysAgo: 76,
        lines: ['Leistungen: Sachbezug, Internetpauschale, bAV 25 %'],
      },
    ],
  },
  {
    title: 'Angebot Schreinerei Holzmann',
    category: 'other',
    account: 'holzmann',
    description: 'Angebot, vom Kunden unterschrieben.',
    versions: [
      {
        fileName: 'Angebot_Holzmann_unterschrieben.pdf',
        by: 'daniel',
        daysAgo: 5,
        lines: ['Angebot: Sachbezug 50 € und Geschenke zu persönlichen Anlässen', 'Unterschrieben von Georg Holzmann'],
      },
    ],
  },
  {
    title: 'Alte Preisliste 2025',
    category: 'other',
    account: 'hansen',
    description: 'Versehentlich hochgeladen.',
    versions: [{ fileName: 'Preisliste_2025.pdf', by: 'daniel', daysAgo: 52, lines: ['Preisliste 2025 (veraltet)'] }],
    deleted: { by: 'birgit', daysAgo: 51 },
  },
  // General documents, visible to everyone with documents.read.
  {
    title: 'Leistungskatalog 2026',
    category: 'benefit_overview',
    account: null,
    description: 'Alle Leistungen mit steuerfreien Grenzen (Stand 2026).',
    versions: [
      { fileName: 'Leistungskatalog_2026_Entwurf.pdf', by: 'anna', daysAgo: 88, lines: ['Entwurf'] },
      {
        fileName: 'Leistungskatalog_2026.pdf',
        by: 'birgit',
        daysAgo: 7,
        lines: [
          'Sachbezug (Gutscheinkarte): 50 € pro Monat (§ 8 Abs. 2 S. 11 EStG)',
          'Essenszuschuss: 7,67 € pro Arbeitstag, höchstens 15 Tage im Monat',
          'Internetpauschale: 50 € pro Monat (pauschal versteuert)',
          'Jobticket / Deutschlandticket: steuerfrei (§ 3 Nr. 15 EStG)',
          'Kita-Zuschuss: steuerfrei (§ 3 Nr. 33 EStG)',
          'Gesundheitsförderung: 600 € pro Jahr (§ 3 Nr. 34 EStG)',
          'Erholungsbeihilfe: 156 € pro Jahr',
          'Sachzuwendung zu persönlichen Anlässen: 60 € je Anlass',
          'bAV-Arbeitgeberzuschuss: mindestens 15 %',
          'Betriebliche Krankenversicherung',
        ],
      },
    ],
  },
  {
    title: 'Datenschutzhinweise Mitarbeiterportal',
    category: 'policy',
    account: null,
    description: 'Informationen nach Art. 13 DSGVO für die Registrierung im Portal.',
    versions: [
      {
        fileName: 'Datenschutzhinweise_Mitarbeiterportal.pdf',
        by: 'birgit',
        daysAgo: 86,
        lines: [
          'Verantwortlicher: der Betreiber der Plattform',
          'Zweck: Freischaltung der Benefits über die Whitelist',
          'Speicherdauer: bis zum Ende des Beschäftigungsverhältnisses',
        ],
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;

/** Times relative to the moment of seeding, so the demo always looks recent. */
class Clock {
  constructor(readonly now: Date) {}

  /** A moment `daysAgo` days back during office hours; `slot` spreads events of one day. */
  at(daysAgo: number, slot = 0): Date {
    const day = new Date(this.now.getTime() - daysAgo * DAY_MS);
    day.setUTCHours(7, 0, 0, 0);
    const moment = new Date(day.getTime() + (slot % 540) * 60_000 + 17 * 60_000);
    // Events of today must not lie in the future.
    const latest = this.now.getTime() - 5 * 60_000;
    return moment.getTime() > latest ? new Date(latest - (540 - (slot % 540)) * 1000) : moment;
  }

  hoursAgo(hours: number): Date {
    return new Date(this.now.getTime() - hours * 60 * 60 * 1000);
  }

  /** A calendar date `offset` days from today, as the API's 'YYYY-MM-DD'. */
  day(offset: number): string {
    return new Date(this.now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  }
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo seed: unknown ${what}`);
  return value;
}

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function dateDe(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}

type UserRow = typeof users.$inferInsert & { id: string };
type AccountRow = typeof accounts.$inferInsert & { id: string; lineage: string[] };

/**
 * Collects the history in memory. Every entry after `create` that changes the record bumps its
 * version, so the optimistic-lock versions of the seeded records match their history.
 */
class History {
  readonly rows: ChangeInsert[] = [];
  private readonly events = new Map<string, Date[]>();

  constructor(private readonly userRows: Map<string, UserRow>) {}

  add(entry: {
    at: Date;
    actor: UserKey | null;
    entityType: ChangeInsert['entityType'];
    entityId: string;
    entityLabel: string;
    accountId: string | null;
    action: ChangeInsert['action'];
    fields?: ChangeField[];
    approvalId?: string;
  }): void {
    const actor = entry.actor === null ? undefined : must(this.userRows.get(entry.actor), `user ${entry.actor}`);
    this.rows.push({
      at: entry.at,
      actorId: actor?.id ?? null,
      actorLabel: actor ? `${actor.firstName} ${actor.lastName}` : 'System',
      entityType: entry.entityType,
      entityId: entry.entityId,
      entityLabel: entry.entityLabel,
      accountId: entry.accountId,
      action: entry.action,
      fields: redactFields(entry.fields ?? []),
      approvalId: entry.approvalId ?? null,
    });
    // A sign-in lockout is kept in sign_in_lockouts and leaves the user record untouched.
    if (entry.action === 'login_locked') return;
    const times = this.events.get(entry.entityId) ?? [];
    times.push(entry.at);
    this.events.set(entry.entityId, times);
  }

  /** The entity's version just before `at` (or now): 1 plus the changes after its creation. */
  versionAt(entityId: string, at?: Date): number {
    const times = (this.events.get(entityId) ?? []).filter((time) => !at || time < at);
    return Math.max(1, times.length);
  }

  lastAt(entityId: string): Date | undefined {
    const times = this.events.get(entityId) ?? [];
    return times.reduce<Date | undefined>((latest, time) => (!latest || time > latest ? time : latest), undefined);
  }

  /** Sets version and updatedAt of a record from its history. */
  stamp<T extends { id: string; version?: number; updatedAt?: Date }>(row: T): T {
    row.version = this.versionAt(row.id);
    row.updatedAt = this.lastAt(row.id) ?? row.updatedAt;
    return row;
  }
}

/** Creation fields shown in the history: the initial values worth seeing. */
function initialFields(values: Record<string, unknown>): ChangeField[] {
  return Object.entries(values).map(([field, after]) => ({ field, before: null, after }));
}

// ---------------------------------------------------------------------------------------------
// The seed
// ---------------------------------------------------------------------------------------------

export async function seedDemoData(tx: Tx): Promise<void> {
  const clock = new Clock(new Date());
  // One argon2 hash for all active demo users: hashing is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const userRows = new Map<string, UserRow>();
  const history = new History(userRows);

  // Accounts first in memory: managers need their ids, accounts need the distributors' ids.
  const userIds = new Map<string, string>(USER_SEEDS.map((seed) => [seed.key, randomUUID()]));
  const userId = (key: string) => must(userIds.get(key), `user ${key}`);

  const accountRows = new Map<string, AccountRow>();
  const accountSeeds = new Map<string, AccountSeed>();
  const accountCreators = new Map<string, { daysAgo: number; by: UserKey | null }>();
  let order = 0;
  const addAccount = (
    seed: AccountSeed,
    tree: TreeSeed,
    parent: AccountRow | undefined,
    inherited: { daysAgo: number; by: UserKey | null },
  ) => {
    const id = randomUUID();
    const lineage = [...(parent?.lineage ?? []), id];
    if (lineage.length > 5) throw new Error(`demo seed: ${seed.key} is deeper than 5 levels`);
    if (accountRows.has(seed.key)) throw new Error(`demo seed: duplicate account key ${seed.key}`);
    const created = seed.created ?? inherited;
    const createdAt = clock.at(created.daysAgo, order * 3);
    const row: AccountRow = {
      id,
      name: seed.name,
      legalForm: seed.legalForm,
      parentId: parent?.id ?? null,
      lineage,
      status: seed.status,
      distributorId: tree.distributor ? userId(tree.distributor) : null,
      street: seed.street,
      zip: seed.zip,
      city: seed.city,
      country: 'DE',
      contactName: seed.contact[0],
      contactEmail: seed.contact[1],
      contactPhone: seed.contact[2],
      vatId: seed.vatId,
      employeeCount: seed.employees,
      notes: seed.notes ?? '',
      benefits: seed.benefits,
      createdAt,
      updatedAt: createdAt,
    };
    accountRows.set(seed.key, row);
    accountSeeds.set(seed.key, seed);
    accountCreators.set(seed.key, created);
    order += 1;
    for (const child of seed.children ?? []) addAccount(child, tree, row, created);
  };
  for (const tree of ACCOUNT_TREES) {
    addAccount(tree.root, tree, undefined, { daysAgo: tree.importedDaysAgo, by: 'anna' });
  }
  const account = (key: string) => must(accountRows.get(key), `account ${key}`);
  const accountIdOf = (key: string | null) => (key === null ? null : account(key).id);

  // ---- Users ----------------------------------------------------------------------------------
  USER_SEEDS.forEach((seed, index) => {
    const createdAt = clock.at(seed.invitedDaysAgo, 1 + index * 2);
    if ((seed.role === 'manager') !== (seed.account !== null)) {
      throw new Error(`demo seed: ${seed.key} must have an account if and only if a manager`);
    }
    userRows.set(seed.key, {
      id: userId(seed.key),
      email: seed.email,
      firstName: seed.firstName,
      lastName: seed.lastName,
      phone: seed.phone,
      role: seed.role,
      accountId: accountIdOf(seed.account),
      status: seed.status,
      locale: seed.locale,
      // Invited users have not chosen a password yet.
      passwordHash: seed.status === 'invited' ? null : passwordHash,
      lastLoginAt: seed.lastLoginHoursAgo === null ? null : clock.hoursAgo(seed.lastLoginHoursAgo),
      createdAt,
      updatedAt: createdAt,
    });
  });
  const user = (key: UserKey) => must(userRows.get(key), `user ${key}`);
  const fullName = (key: UserKey) => `${user(key).firstName} ${user(key).lastName}`;

  /** Which accounts a user may see (SPEC §1): everything, or whole subtrees. */
  const reachRoots = (key: UserKey): 'all' | string[] => {
    const row = user(key);
    if (row.role === 'admin' || row.role === 'backoffice') return 'all';
    if (row.role === 'manager') return row.accountId ? [row.accountId] : [];
    return [...accountRows.values()].filter((a) => a.parentId === null && a.distributorId === row.id).map((a) => a.id);
  };
  const assertReach = (key: UserKey, accountKey: string | null, what: string) => {
    if (accountKey === null) return;
    const roots = reachRoots(key);
    if (roots !== 'all' && !account(accountKey).lineage.some((id) => roots.includes(id))) {
      throw new Error(`demo seed: ${key} cannot see ${accountKey} (${what})`);
    }
  };

  // ---- Invariants of the account trees --------------------------------------------------------
  for (const [key, row] of accountRows) {
    const parent = [...accountRows.values()].find((candidate) => candidate.id === row.parentId);
    if (parent && row.status === 'active' && parent.status !== 'active') {
      throw new Error(`demo seed: ${key} is active under a parent that is not`);
    }
    if (parent && row.distributorId !== parent.distributorId) throw new Error(`demo seed: ${key} distributor differs`);
  }
  const demoManager = user('martin');
  const managerAccount = [...accountRows.values()].find((row) => row.id === demoManager.accountId);
  if (
    !managerAccount ||
    managerAccount.parentId !== null ||
    managerAccount.status !== 'active' ||
    managerAccount.distributorId !== user('daniel').id ||
    ![...accountRows.values()].some((row) => row.parentId === managerAccount.id)
  ) {
    throw new Error(
      'demo seed: manager@example.com must manage an active top-level account of vertrieb@ with sub-accounts',
    );
  }

  // ---- History: users -------------------------------------------------------------------------
  for (const seed of USER_SEEDS) {
    const row = user(seed.key);
    // The first admin is created active at setup (from ADMIN_EMAIL); everyone else is invited.
    const bootstrap = seed.key === 'anna';
    history.add({
      at: row.createdAt ?? clock.now,
      actor: seed.invitedBy,
      entityType: 'user',
      entityId: row.id,
      entityLabel: fullName(seed.key),
      accountId: row.accountId ?? null,
      action: 'create',
      fields: initialFields({
        email: seed.email,
        role: seed.role,
        accountId: row.accountId ?? null,
        status: bootstrap ? 'active' : 'invited',
      }),
    });
    if (!bootstrap && seed.status !== 'invited') {
      history.add({
        at: clock.at(seed.invitedDaysAgo - 1, 30),
        actor: seed.key,
        entityType: 'user',
        entityId: row.id,
        entityLabel: fullName(seed.key),
        accountId: row.accountId ?? null,
        action: 'status_change',
        fields: [
          { field: 'status', before: 'invited', after: 'active' },
          { field: 'passwordHash', before: null, after: null }, // shown as "password: geändert"
        ],
      });
    }
  }
  const userEvent = (
    key: UserKey,
    daysAgo: number,
    actor: UserKey | null,
    action: ChangeInsert['action'],
    fields: ChangeField[],
  ) =>
    history.add({
      at: clock.at(daysAgo, 200),
      actor,
      entityType: 'user',
      entityId: user(key).id,
      entityLabel: fullName(key),
      accountId: user(key).accountId ?? null,
      action,
      fields,
    });
  userEvent('daniel', 60, 'birgit', 'update', [
    { field: 'phone', before: '+49 40 5550 2200', after: user('daniel').phone },
  ]);
  userEvent('jonas', 40, 'jonas', 'update', [{ field: 'locale', before: 'de', after: 'en' }]);
  userEvent('martin', 30, 'martin', 'update', [{ field: 'phone', before: '', after: user('martin').phone }]);
  userEvent('heike', 21, 'birgit', 'status_change', [{ field: 'status', before: 'active', after: 'deactivated' }]);
  // Five failed sign-ins in a row (a temporary lockout the system records), then the back office
  // locks the user until the identity is confirmed.
  userEvent('stefan', 3, null, 'login_locked', [
    { field: 'lockedUntil', before: null, after: new Date(clock.at(3, 200).getTime() + 15 * 60_000).toISOString() },
  ]);
  userEvent('stefan', 2, 'birgit', 'status_change', [{ field: 'status', before: 'active', after: 'locked' }]);

  // ---- History: accounts ----------------------------------------------------------------------
  for (const [key, row] of accountRows) {
    const seed = must(accountSeeds.get(key), `account ${key}`);
    const creator = must(accountCreators.get(key), `account ${key}`);
    history.add({
      at: row.createdAt ?? clock.now,
      actor: creator.by,
      entityType: 'account',
      entityId: row.id,
      entityLabel: row.name,
      accountId: row.id,
      action: 'create',
      fields: initialFields({
        name: row.name,
        legalForm: row.legalForm,
        status: seed.createdAs ?? seed.status,
        parentId: row.parentId ?? null,
        distributorId: row.distributorId ?? null,
        city: row.city,
        employeeCount: row.employeeCount,
      }),
    });
  }
  /** Status each account had at creation, advanced by the history; must end at the seeded one. */
  const statusTrail = new Map<string, AccountStatus>(
    [...accountSeeds].map(([key, seed]) => [key, seed.createdAs ?? seed.status]),
  );
  const moveStatus = (key: string, before: AccountStatus, after: AccountStatus) => {
    if (statusTrail.get(key) !== before) throw new Error(`demo seed: ${key} was not ${before}`);
    statusTrail.set(key, after);
  };
  for (const event of ACCOUNT_EVENTS) {
    const row = account(event.account);
    const current: Record<string, unknown> = {
      status: row.status,
      contactName: row.contactName,
      contactPhone: row.contactPhone,
      employeeCount: row.employeeCount,
      notes: row.notes,
      vatId: row.vatId,
    };
    const fields = Object.entries(event.before).map(([field, before]) => ({ field, before, after: current[field] }));
    if (event.before.status !== undefined)
      moveStatus(event.account, event.before.status as AccountStatus, row.status ?? 'draft');
    history.add({
      at: clock.at(event.daysAgo, 120),
      actor: event.by,
      entityType: 'account',
      entityId: row.id,
      entityLabel: row.name,
      accountId: row.id,
      action: event.action,
      fields,
    });
  }

  // ---- Approvals ------------------------------------------------------------------------------
  const approvalRows: Array<ApprovalInsert & { id: string }> = [];
  const pendingKeys = new Set<string>();
  APPROVAL_SEEDS.forEach((seed, index) => {
    const id = randomUUID();
    const isUser = seed.entity.startsWith('user:');
    const target = isUser
      ? { type: 'user' as const, row: user(seed.entity.slice(5) as UserKey) }
      : { type: 'account' as const, row: account(seed.entity) };
    const entityId = target.row.id;
    const entityLabel = target.type === 'user' ? `${target.row.firstName} ${target.row.lastName}` : target.row.name;
    const accountId = target.type === 'user' ? (target.row.accountId ?? null) : target.row.id;
    const requestedAt = clock.at(seed.requestedDaysAgo, 300 + index * 7);
    if (seed.kind === 'role_grant' ? target.type !== 'user' : target.type !== 'account') {
      throw new Error(`demo seed: approval ${seed.kind} on the wrong entity type`);
    }
    const requester = user(seed.requestedBy);
    if (requester.role !== 'distributor' && requester.role !== 'backoffice' && requester.role !== 'admin') {
      throw new Error(`demo seed: ${seed.requestedBy} cannot request approvals`);
    }
    if (target.type === 'account') assertReach(seed.requestedBy, seed.entity, 'approval request');

    history.add({
      at: requestedAt,
      actor: seed.requestedBy,
      entityType: 'approval',
      entityId: id,
      entityLabel,
      accountId,
      action: 'create',
      fields: initialFields({ kind: seed.kind, ...seed.payload }),
      approvalId: id,
    });
    const row: ApprovalInsert & { id: string } = {
      id,
      kind: seed.kind,
      entityType: target.type,
      entityId,
      entityLabel,
      accountId,
      payload: seed.payload,
      baseVersion: history.versionAt(entityId, requestedAt),
      reason: seed.reason,
      status: 'pending',
      requestedById: requester.id,
      requestedAt,
      createdAt: requestedAt,
      updatedAt: requestedAt,
    };

    if (!seed.decision) {
      const pendingKey = `${target.type}:${entityId}:${seed.kind}`;
      if (pendingKeys.has(pendingKey)) throw new Error(`demo seed: two pending ${seed.kind} for ${entityLabel}`);
      pendingKeys.add(pendingKey);
      approvalRows.push(row);
      return;
    }

    const decision = seed.decision;
    const decider = user(decision.by);
    if (decision.by === seed.requestedBy || (decider.role !== 'admin' && decider.role !== 'backoffice')) {
      throw new Error(`demo seed: ${decision.by} may not decide ${seed.kind} for ${entityLabel}`);
    }
    const decidedAt = clock.at(decision.daysAgo, 360 + index * 7);
    history.add({
      at: decidedAt,
      actor: decision.by,
      entityType: 'approval',
      entityId: id,
      entityLabel,
      accountId,
      action: decision.status === 'approved' ? 'approve' : 'reject',
      fields: [
        { field: 'status', before: 'pending', after: decision.status },
        { field: 'comment', before: '', after: decision.comment },
      ],
      approvalId: id,
    });
    if (decision.status === 'approved' && target.type === 'account') {
      // Approving applies the change in the same transaction (SPEC §4).
      const applied: ChangeField[] =
        seed.kind === 'benefit_change'
          ? [{ field: 'benefits', before: must(seed.benefitsBefore, 'benefitsBefore'), after: seed.payload.benefits }]
          : [{ field: 'status', before: statusTrail.get(seed.entity), after: seed.payload.status }];
      if (seed.kind !== 'benefit_change') {
        moveStatus(seed.entity, must(statusTrail.get(seed.entity), seed.entity), seed.payload.status as AccountStatus);
      } else if (JSON.stringify(seed.payload.benefits) !== JSON.stringify(target.row.benefits)) {
        throw new Error(`demo seed: approved benefits of ${entityLabel} differ from the account's`);
      }
      history.add({
        at: new Date(decidedAt.getTime() + 1000),
        actor: decision.by,
        entityType: 'account',
        entityId,
        entityLabel,
        accountId,
        action: seed.kind === 'benefit_change' ? 'update' : 'status_change',
        fields: applied,
        approvalId: id,
      });
    }
    approvalRows.push({
      ...row,
      status: decision.status,
      decidedById: decider.id,
      decidedAt,
      comment: decision.comment,
    });
  });
  for (const [key, status] of statusTrail) {
    if (status !== account(key).status)
      throw new Error(`demo seed: history of ${key} ends at ${status}, not ${account(key).status}`);
  }

  // ---- Tasks ----------------------------------------------------------------------------------
  const taskRows = TASK_SEEDS.map((seed, index) => {
    assertReach(seed.assignee, seed.account, `task "${seed.title}"`);
    const id = randomUUID();
    const createdAt = clock.at(seed.createdDaysAgo, 60 + index * 11);
    const accountId = accountIdOf(seed.account);
    const base = { at: createdAt, entityType: 'task' as const, entityId: id, entityLabel: seed.title, accountId };
    history.add({
      ...base,
      actor: seed.creator,
      action: 'create',
      fields: initialFields({
        title: seed.title,
        assigneeId: user(seed.assignee).id,
        priority: seed.priority,
        dueDate: seed.due === null ? null : clock.day(seed.due),
      }),
    });
    let completedAt: Date | null = null;
    if (seed.status === 'in_progress') {
      const startedDaysAgo = Math.max(0, seed.createdDaysAgo - 1);
      history.add({
        ...base,
        at: clock.at(startedDaysAgo, 90 + index * 11),
        actor: seed.assignee,
        action: 'status_change',
        fields: [{ field: 'status', before: 'open', after: 'in_progress' }],
      });
    }
    if (seed.status === 'done') {
      completedAt = clock.at(must(seed.completedDaysAgo, `completion of "${seed.title}"`), 400 + index * 3);
      history.add({
        ...base,
        at: completedAt,
        actor: seed.assignee,
        action: 'status_change',
        fields: [
          { field: 'status', before: 'open', after: 'done' },
          { field: 'completedAt', before: null, after: completedAt.toISOString() },
        ],
      });
    }
    return history.stamp({
      id,
      title: seed.title,
      description: seed.description ?? '',
      status: seed.status,
      priority: seed.priority,
      dueDate: seed.due === null ? null : clock.day(seed.due),
      assigneeId: user(seed.assignee).id,
      createdById: user(seed.creator).id,
      accountId,
      completedAt,
      createdAt,
      updatedAt: createdAt,
    } satisfies typeof tasks.$inferInsert);
  });

  // ---- Whitelist ------------------------------------------------------------------------------
  const normalise = (kind: 'email' | 'domain', value: string) =>
    kind === 'domain' ? domainToASCII(value.trim().toLowerCase()) : value.trim().toLowerCase();
  const whitelistRows = WHITELIST_SEEDS.flatMap((group) => {
    assertReach(group.by, group.account, 'whitelist');
    const row = account(group.account);
    return group.entries.map(([kind, rawValue, note, validUntil], index) => {
      const id = randomUUID();
      const value = normalise(kind, rawValue);
      if (!value) throw new Error(`demo seed: invalid whitelist value ${rawValue}`);
      const createdAt = clock.at(group.createdDaysAgo, 150 + index * 4);
      const validUntilDay = validUntil === undefined ? null : clock.day(validUntil);
      history.add({
        at: createdAt,
        actor: group.by,
        entityType: 'whitelist_entry',
        entityId: id,
        entityLabel: value,
        accountId: row.id,
        action: 'create',
        fields: initialFields({ kind, value, note, validUntil: validUntilDay }),
      });
      return {
        id,
        accountId: row.id,
        kind,
        value,
        note,
        validUntil: validUntilDay,
        createdById: user(group.by).id,
        createdAt,
        updatedAt: createdAt,
      } satisfies typeof whitelistEntries.$inferInsert;
    });
  });
  for (const update of WHITELIST_UPDATES) {
    const row = must(
      whitelistRows.find((entry) => entry.value === update.value),
      `whitelist entry ${update.value}`,
    );
    const fields: ChangeField[] = [];
    if (update.before.validUntil !== undefined)
      fields.push({ field: 'validUntil', before: clock.day(update.before.validUntil), after: row.validUntil });
    if (update.before.note !== undefined) fields.push({ field: 'note', before: update.before.note, after: row.note });
    history.add({
      at: clock.at(update.daysAgo, 240),
      actor: update.by,
      entityType: 'whitelist_entry',
      entityId: row.id,
      entityLabel: row.value,
      accountId: row.accountId,
      action: 'update',
      fields,
    });
  }
  {
    // A removed entry lives on only in the history.
    const removed = WHITELIST_REMOVED;
    const id = randomUUID();
    const base = {
      entityType: 'whitelist_entry' as const,
      entityId: id,
      entityLabel: removed.value,
      accountId: account(removed.account).id,
    };
    history.add({
      ...base,
      at: clock.at(removed.createdDaysAgo, 170),
      actor: removed.by,
      action: 'create',
      fields: initialFields({ kind: 'email', value: removed.value, note: '', validUntil: null }),
    });
    history.add({
      ...base,
      at: clock.at(removed.deletedDaysAgo, 180),
      actor: removed.by,
      action: 'delete',
      fields: [{ field: 'value', before: removed.value, after: null }],
    });
  }
  whitelistRows.forEach((row) => history.stamp(row));

  // ---- Documents ------------------------------------------------------------------------------
  const documentRows: Array<typeof documents.$inferInsert & { id: string }> = [];
  const versionRows: Array<typeof documentVersions.$inferInsert> = [];
  DOCUMENT_SEEDS.forEach((seed, index) => {
    const id = randomUUID();
    const accountId = accountIdOf(seed.account);
    const first = must(seed.versions[0], `first version of ${seed.title}`);
    const createdAt = clock.at(first.daysAgo, 100 + index * 9);
    const owner = seed.account === null ? 'Allgemeines Dokument' : account(seed.account).name;
    seed.versions.forEach((version, versionIndex) => {
      assertReach(version.by, seed.account, `document "${seed.title}"`);
      const uploadedAt = versionIndex === 0 ? createdAt : clock.at(version.daysAgo, 100 + index * 9);
      const content = minimalPdf(seed.title, [
        owner,
        `Version ${versionIndex + 1} vom ${dateDe(uploadedAt.toISOString().slice(0, 10))}`,
        '',
        ...version.lines,
        '',
        'Demo-Dokument mit fiktiven Daten.',
      ]);
      versionRows.push({
        documentId: id,
        number: versionIndex + 1,
        fileName: version.fileName,
        mimeType: 'application/pdf',
        sizeBytes: content.byteLength,
        sha256: sha256Hex(content),
        uploadedById: user(version.by).id,
        uploadedAt,
        // A Buffer suits both drivers (PGlite and postgres.js) for bytea.
        content: Buffer.from(content.buffer, content.byteOffset, content.byteLength),
      });
      history.add(
        versionIndex === 0
          ? {
              at: uploadedAt,
              actor: version.by,
              entityType: 'document',
              entityId: id,
              entityLabel: seed.title,
              accountId,
              action: 'create',
              fields: initialFields({ title: seed.title, category: seed.category, fileName: version.fileName }),
            }
          : {
              at: uploadedAt,
              actor: version.by,
              entityType: 'document',
              entityId: id,
              entityLabel: seed.title,
              accountId,
              action: 'upload',
              fields: [
                { field: 'currentVersion', before: versionIndex, after: versionIndex + 1 },
                {
                  field: 'fileName',
                  before: seed.versions[versionIndex - 1]?.fileName ?? null,
                  after: version.fileName,
                },
              ],
            },
      );
    });
    let deletedAt: Date | null = null;
    if (seed.deleted) {
      deletedAt = clock.at(seed.deleted.daysAgo, 330);
      history.add({
        at: deletedAt,
        actor: seed.deleted.by,
        entityType: 'document',
        entityId: id,
        entityLabel: seed.title,
        accountId,
        action: 'delete',
        fields: [{ field: 'deletedAt', before: null, after: deletedAt.toISOString() }],
      });
    }
    documentRows.push(
      history.stamp({
        id,
        title: seed.title,
        category: seed.category,
        accountId,
        description: seed.description,
        currentVersion: seed.versions.length,
        createdById: user(first.by).id,
        deletedAt,
        createdAt,
        updatedAt: createdAt,
      }),
    );
  });

  // ---- Versions from the history; pending approvals must still match their entity ------------
  accountRows.forEach((row) => history.stamp(row));
  userRows.forEach((row) => history.stamp(row));
  approvalRows.forEach((row) => history.stamp(row));
  for (const row of approvalRows) {
    if (row.status === 'pending' && row.baseVersion !== history.versionAt(row.entityId)) {
      throw new Error(`demo seed: pending approval for ${row.entityLabel} would be obsolete`);
    }
  }

  // ---- Write, in foreign-key order ------------------------------------------------------------
  // users.accountId and accounts.distributorId point at each other: staff first, then accounts
  // (in tree order, so customer numbers follow the trees), then the managers.
  const allUsers = [...userRows.values()];
  await tx.insert(users).values(allUsers.filter((row) => row.role !== 'manager'));
  await tx.insert(accounts).values([...accountRows.values()]);
  await tx.insert(users).values(allUsers.filter((row) => row.role === 'manager'));
  await tx.insert(documents).values(documentRows);
  await tx.insert(documentVersions).values(versionRows);
  await tx.insert(tasks).values(taskRows);
  await tx.insert(whitelistEntries).values(whitelistRows);
  await tx.insert(approvals).values(approvalRows);
  // The history is append-only, so it is written once, in time order.
  history.rows.sort((a, b) => (a.at?.getTime() ?? 0) - (b.at?.getTime() ?? 0));
  for (let start = 0; start < history.rows.length; start += 500) {
    await tx.insert(changes).values(history.rows.slice(start, start + 500));
  }
}
