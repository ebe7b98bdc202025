import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The modules' boundaries (design.md §2, decision 0084): every table has one owning module, and no module
 * reads or writes another module's tables: not in SQL text, not through another module's drizzle tables.
 * A module asks the owner through its index.ts instead. Platform tables are the platform's own.
 */

const SRC = dirname(fileURLToPath(import.meta.url));
const MODULES_DIR = join(SRC, 'modules');
const MIGRATIONS_DIR = join(SRC, '..', 'migrations');

/** Each table's owner. A new migration's table must be added here, to the module whose index.ts serves it. */
const OWNERS: Record<string, readonly string[]> = {
  platform: [
    'audit_events',
    'signing_keys',
    'outbox_messages',
    'domain_events',
    'domain_event_deliveries',
    'domain_event_subscriptions',
    'realtime_pending',
    'scheduled_jobs',
    'stored_files',
  ],
  catalog: [
    'specialties',
    'conditions',
    'condition_specialties',
    'insurance_carriers',
    'insurance_plans',
    'us_states',
    'zip_codes',
    'catalog_codes',
    'entity_history_preferences',
  ],
  organizations: [
    'organizations',
    'organization_identifiers',
    'locations',
    'healthcare_services',
    'healthcare_service_locations',
    'care_teams',
    'care_team_participants',
    'location_insurances',
    'directory_images',
    'organization_settings',
    'practice_clinical_settings',
    'patient_portal_settings',
    'healthcare_service_settings',
  ],
  people: [
    'practitioners',
    'practitioner_identifiers',
    'practitioner_specialties',
    'practitioner_roles',
    'practitioner_role_locations',
    'practitioner_insurances',
    'practitioner_profiles',
    'practitioner_photos',
  ],
  patients: [
    'patients',
    'patient_identifiers',
    'patient_related_persons',
    'coverages',
    'patient_care_relations',
    'patient_pharmacies',
    'patient_contacts',
  ],
  identity: [
    'identity_users',
    'identity_email_changes',
    'identity_oidc_records',
    'identity_sessions',
    'identity_reset_codes',
    'identity_agreements',
    'identity_user_agreements',
    'identity_invitations',
    'identity_external_links',
    'identity_login_failures',
    'identity_issued_tokens',
    'revoked_tokens',
    'identity_reset_requests',
    'identity_staff_activations',
    'identity_mfa_totp',
    'identity_mfa_recovery_codes',
    'identity_mfa_challenges',
    'identity_mfa_practice_requirements',
  ],
  scheduling: [
    'schedules',
    'schedule_hours',
    'slot_capacity',
    'slot_holds',
    'scheduling_guest_hold_tickets',
    'service_categories',
    'service_types',
    'schedule_service_types',
    'schedule_exceptions',
  ],
  marketing: ['demo_requests'],
  marketplace: ['page_profiles', 'provider_search'],
  notifications: [
    'otp_requests',
    'otp_sends',
    'patient_notification_settings',
    'in_app_notifications',
    'practice_message_templates',
    'organization_notification_settings',
  ],
  payments: [
    'payment_org_configs',
    'payment_location_configs',
    'payment_entity_configs',
    'payment_customers',
    'payment_transactions',
    'sandbox_payment_methods',
    'sandbox_charges',
    'sandbox_wallet_orders',
    'invoices',
    'invoice_entries',
    'payment_refunds',
    'copay_requests',
    'sandbox_refunds',
  ],
  appointments: ['appointments', 'appointment_status_changes'],
  booking: ['appointment_publications'],
  forms: ['custom_forms', 'custom_form_responses', 'custom_form_versions'],
  checkin: ['checkin_settings', 'checkin_sessions'],
  reports: ['report_checkins', 'report_confirmations'],
  messaging: ['message_threads', 'thread_messages'],
  publications: ['publication_deliveries'],
  reminders: ['reminder_settings'],
  reputation: [
    'reputation_organization_settings',
    'reputation_location_settings',
    'reputation_provider_settings',
    'reputation_entity_configurations',
    'patient_reviews',
  ],
  'access-control': ['access_entity_configurations'],
  surveys: ['survey_templates', 'surveys', 'survey_responses'],
  telehealth: [
    'tele_visits',
    'tele_visit_participants',
    'tele_visit_devices',
    'tele_visit_invitations',
    'tele_visit_chat_messages',
    'tele_visit_ratings',
    'tele_visit_activities',
  ],
  clinical: ['clinical_resources', 'health_card_keys'],
};

/**
 * Foreign reads that were there when this check arrived (decision 0084), each replaced by a read function of
 * the owner's index.ts (issue 23). The list only shrinks, and is empty: a new foreign read fails.
 */
const KNOWN_FOREIGN_READS: string[] = [];

/** index.ts files that still re-export functions of their store: none (issue 23); types may be re-exported. */
const KNOWN_STORE_REEXPORTS: string[] = [];

const ownerOf = new Map(Object.entries(OWNERS).flatMap(([module, tables]) => tables.map((t) => [t, module])));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const moduleNames = readdirSync(MODULES_DIR).filter((name) =>
  statSync(join(MODULES_DIR, name)).isDirectory(),
);

// String literals (quotes and templates): SQL lives there, prose in comments does not count.
const LITERAL = /`(?:[^`\\]|\\.)*`|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/gs;
const TABLE_NAMES = [...ownerOf.keys()].sort((a, b) => b.length - a.length).join('|');
const SQL_TABLE = new RegExp(
  `\\b(?:from|join|into|update|exists)\\s+(?:only\\s+)?"?(${TABLE_NAMES})\\b`,
  'gi',
);
// A drizzle table (or anything else) taken from another module's tables.ts.
const TABLES_IMPORT = /from\s+'\.\.\/([a-z-]+)\/tables'/g;

/** Every table one module's source names in SQL or imports from another module's tables.ts, not its own. */
function foreignTableReads(module: string, file: string, source: string): string[] {
  const found = new Set<string>();
  for (const literal of source.match(LITERAL) ?? [])
    for (const match of literal.matchAll(SQL_TABLE)) {
      const table = match[1]!.toLowerCase();
      const owner = ownerOf.get(table);
      if (owner !== module) found.add(`${file} -> ${table} (${owner})`);
    }
  for (const match of source.matchAll(TABLES_IMPORT))
    if (match[1] !== module) found.add(`${file} -> ${match[1]}/tables.ts (${match[1]})`);
  return [...found];
}

function allForeignReads(): string[] {
  return moduleNames
    .flatMap((module) =>
      sourceFiles(join(MODULES_DIR, module)).flatMap((path) =>
        foreignTableReads(module, relative(MODULES_DIR, path), readFileSync(path, 'utf8')),
      ),
    )
    .sort();
}

describe('module boundaries', () => {
  it('gives every table of the migrations exactly one owning module', () => {
    const created = readdirSync(MIGRATIONS_DIR)
      .filter((name) => name.endsWith('.sql'))
      .flatMap((name) =>
        [
          ...readFileSync(join(MIGRATIONS_DIR, name), 'utf8').matchAll(
            /create\s+table\s+(?:if\s+not\s+exists\s+)?([a-z_]+)/gi,
          ),
        ].map((m) => m[1]!.toLowerCase()),
      );
    expect(created.filter((table) => !ownerOf.has(table))).toEqual([]);
    expect([...ownerOf.keys()].filter((table) => !created.includes(table))).toEqual([]);
    const listed = Object.values(OWNERS).flat();
    expect(listed.length).toBe(new Set(listed).size);
    for (const module of Object.keys(OWNERS))
      expect(module === 'platform' || moduleNames.includes(module), module).toBe(true);
  });

  it("declares each module's drizzle tables in that module's own tables.ts", () => {
    for (const module of moduleNames) {
      const path = join(MODULES_DIR, module, 'tables.ts');
      let source: string;
      try {
        source = readFileSync(path, 'utf8');
      } catch {
        continue;
      }
      for (const match of source.matchAll(/pgTable\(\s*'([a-z_]+)'/g))
        expect(`${match[1]} in ${module}`).toBe(`${match[1]} in ${ownerOf.get(match[1]!)}`);
    }
  });

  it("finds a module reading another module's table (a planted example)", () => {
    const planted = [
      'const rows = await db.query(`select id from appointments where organization_id = $1`, [id]);',
      "await db.query('update practitioners set active = false where id = $1', [id]);",
      "import { patients } from '../patients/tables';",
      '// prose about appointments in a comment is not SQL: select from appointments',
    ].join('\n');
    expect(foreignTableReads('reminders', 'reminders/planted.ts', planted).sort()).toEqual([
      'reminders/planted.ts -> appointments (appointments)',
      'reminders/planted.ts -> patients/tables.ts (patients)',
      'reminders/planted.ts -> practitioners (people)',
    ]);
    // The owner itself may, and its own tables.ts is its own.
    expect(foreignTableReads('appointments', 'appointments/store.ts', planted.split('\n')[0]!)).toEqual([]);
  });

  it('reads no table of another module beyond the known list, which only shrinks', () => {
    expect(allForeignReads()).toEqual([...KNOWN_FOREIGN_READS].sort());
  });

  it('lets practice-day, reminders and booking reach appointments only through its read functions', () => {
    const offenders = allForeignReads().filter((entry) => /\(appointments\)$/.test(entry));
    expect(offenders).toEqual([]);
  });

  it("re-exports no store from a module's index.ts beyond the known list", () => {
    const reexporting = moduleNames.filter((module) => {
      const index = readFileSync(join(MODULES_DIR, module, 'index.ts'), 'utf8');
      return /from\s+'\.\/[a-z-]*store'/.test(
        index.replace(/export\s+type\s+\{[^}]*\}\s+from\s+'[^']*';/g, ''),
      );
    });
    expect(reexporting).toEqual(KNOWN_STORE_REEXPORTS);
  });

  it('registers every module in app.ts through the one register its index.ts exports', () => {
    const app = readFileSync(join(SRC, 'app.ts'), 'utf8');
    const listed = [...app.matchAll(/import \* as \w+ from '\.\/modules\/([a-z-]+)';/g)].map((m) => m[1]);
    expect([...listed].sort()).toEqual([...moduleNames].sort());
    for (const module of moduleNames) {
      const index = readFileSync(join(MODULES_DIR, module, 'index.ts'), 'utf8');
      expect(index, module).toMatch(/export const register: ModuleRegistration = /);
    }
    // Nothing is wired from a routes file: consumers, job kinds and room rules are subscribed by register.
    for (const module of moduleNames)
      for (const path of sourceFiles(join(MODULES_DIR, module)).filter((p) => /routes\.ts$/.test(p))) {
        const source = readFileSync(path, 'utf8');
        const plugins = [
          ...source.matchAll(/export const \w+: FastifyPluginAsync\w* = async \(app\) => \{([\s\S]*?)\n\};/g),
        ];
        for (const plugin of plugins)
          expect(plugin[1], relative(MODULES_DIR, path)).not.toMatch(
            /events\.subscribe|jobs\.register|registerRooms|onAppointmentChanged\(|subscribe\w*\(deps|register\w*\(deps/,
          );
      }
  });
});
