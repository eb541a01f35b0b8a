import 'server-only';
import type { DocumentCategory } from './types';
import type { UserKey } from './users';

// ---------------------------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------------------------

export interface DocumentVersionSeed {
  fileName: string;
  by: UserKey;
  daysAgo: number;
  lines: string[];
}

export interface DocumentSeed {
  title: string;
  category: DocumentCategory;
  account: string | null;
  description: string;
  versions: DocumentVersionSeed[];
  deleted?: { by: UserKey; daysAgo: number };
}

export const DOCUMENT_SEEDS: DocumentSeed[] = [
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
