import 'server-only';
import type { UserKey } from './users';

// ---------------------------------------------------------------------------------------------
// Whitelist
// ---------------------------------------------------------------------------------------------

/** [kind, value, note, validUntil in days from today (negative = expired)] */
export type WhitelistRow = [kind: 'email' | 'domain', value: string, note: string, validUntil?: number];

export interface WhitelistSeed {
  account: string;
  by: UserKey;
  createdDaysAgo: number;
  entries: WhitelistRow[];
}

export const WHITELIST_SEEDS: WhitelistSeed[] = [
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
export const WHITELIST_UPDATES: Array<{
  value: string;
  daysAgo: number;
  by: UserKey;
  before: { validUntil?: number; note?: string };
}> = [
  { value: 'aushilfe.herbst@example.org', daysAgo: 20, by: 'jana', before: { validUntil: -5 } },
  { value: 'extern.m.novak@example.net', daysAgo: 11, by: 'tobias', before: { note: 'Externer Entwickler' } },
  { value: 'azubi.j.maier@example.org', daysAgo: 30, by: 'katrin', before: { validUntil: 100 } },
];
export const WHITELIST_REMOVED = {
  account: 'richter',
  by: 'andreas' as UserKey,
  value: 'p.albers@kanzlei-richter.de',
  createdDaysAgo: 76,
  deletedDaysAgo: 10,
};
