import { deflateRawSync } from 'node:zlib';
import { CompactSign, calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import QRCode from 'qrcode';
import type { FhirResource } from '@careslot/contracts';
import { authorize, type Relation } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { getPatientById } from '../patients';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'secrets'>;

/**
 * The vaccination passport as a SMART Health Card (decision 0097; spec https://spec.smarthealth.cards): the
 * patient and their completed immunizations as a minimal FHIR R4 Bundle, in a verifiable credential, minified,
 * compressed with raw DEFLATE, signed as a compact JWS (ES256, `zip: DEF`, `kid` = the key's JWK thumbprint),
 * with the public key at `{issuer}/.well-known/jwks.json` and the JWS as a `shc:/` numeric QR code.
 */
export const SHC_TYPES = ['https://smarthealth.cards#health-card', 'https://smarthealth.cards#immunization'];
/** The largest JWS that fits one QR code (version 22, error correction L): the spec's single-QR limit. */
export const SINGLE_QR_LIMIT = 1195;

export interface HealthCard {
  Jws: string;
  Qr: string;
  QrSvg: string;
  Immunizations: FhirResource[];
}

interface IssuerKey {
  kid: string;
  privateKey: Awaited<ReturnType<typeof importJWK>>;
}

/** The issuer (`iss`): the product's public address, where verifiers find `/.well-known/jwks.json`. */
export const issuerOf = (deps: Pick<AppDeps, 'config'>) => deps.config.publicUrl.replace(/\/+$/, '');

/** The current signing key; the first card ever issued makes it (a second maker's key loses the race). */
async function signingKey(deps: Deps): Promise<IssuerKey> {
  let row = await store.currentHealthCardKey(deps.database, deps.secrets);
  if (!row) {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const privateJwk = await exportJWK(privateKey);
    const { d: _d, ...publicPart } = privateJwk;
    const kid = await calculateJwkThumbprint(publicPart, 'sha256');
    await store.insertHealthCardKey(deps.database, deps.secrets, {
      kid,
      private_jwk: { ...privateJwk, kid, alg: 'ES256', use: 'sig' },
      public_jwk: { ...publicPart, kid, alg: 'ES256', use: 'sig' },
    });
    row = (await store.currentHealthCardKey(deps.database, deps.secrets))!;
  }
  return { kid: row.kid, privateKey: await importJWK(row.private_jwk as JWK, 'ES256') };
}

/** The issuer's public keys (every key ever used: cards signed with a retired key stay verifiable). */
export async function publishedKeys(deps: Deps): Promise<{ keys: Record<string, string>[] }> {
  await signingKey(deps);
  const rows = await store.publishedHealthCardKeys(deps.database);
  return {
    keys: rows.map(({ public_jwk }) => {
      const { kty, crv, x, y, kid, alg, use } = public_jwk as Record<string, string>;
      return { kty: kty!, crv: crv!, x: x!, y: y!, kid: kid!, alg: alg!, use: use! };
    }),
  };
}

/** `shc:/` and each JWS character as two digits (its code minus 45), the QR code's numeric part. */
export const numericOf = (jws: string) =>
  [...jws].map((c) => String(c.charCodeAt(0) - 45).padStart(2, '0')).join('');

/** A CodeableConcept without displays or text (the card's minimal form). */
const minimalConcept = (concept: unknown) => ({
  coding: ((concept as { coding?: { system?: string; code?: string }[] } | undefined)?.coding ?? []).map(
    (c) => ({ system: c.system, code: c.code }),
  ),
});

/** The card's Bundle: the patient (name, birth date) and each immunization, minimal, by `resource:N` reference. */
export function cardBundle(
  patient: { family: string; given: string[]; birthDate: string | null },
  immunizations: FhirResource[],
): Record<string, unknown> {
  return {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      {
        fullUrl: 'resource:0',
        resource: {
          resourceType: 'Patient',
          name: [{ family: patient.family, given: patient.given }],
          ...(patient.birthDate ? { birthDate: patient.birthDate } : {}),
        },
      },
      ...immunizations.map((i, n) => ({
        fullUrl: `resource:${n + 1}`,
        resource: {
          resourceType: 'Immunization',
          status: 'completed',
          vaccineCode: minimalConcept(i.vaccineCode),
          patient: { reference: 'resource:0' },
          occurrenceDateTime: i.occurrenceDateTime,
          ...(i.performer ? { performer: i.performer } : {}),
          ...(i.lotNumber ? { lotNumber: i.lotNumber } : {}),
        },
      })),
    ],
  };
}

/**
 * The patient's SMART Health Card: the patient themself or their account holder, or a practice caring for them
 * (which signs only the immunizations it recorded). The policy decides and audits.
 */
export async function issueCard(deps: Deps, context: RequestContext, patientId: string): Promise<HealthCard> {
  const relation: Exclude<Relation, 'none'> = await authorize(context, 'read', {
    kind: 'patient',
    id: patientId,
    patientId,
    entityType: 'Immunization',
    workflow: 'Health_Card',
  });
  const patient = await getPatientById(deps.database, patientId);
  if (!patient) throw notFound();
  const { rows } = await store.findEntries(
    deps.database,
    relation === 'care' && context.organizationId
      ? { kind: 'practice', organizationId: context.organizationId }
      : { kind: 'all' },
    { resourceTypes: ['Immunization'], patientId, status: 'completed', offset: 0, limit: 50 },
  );
  // Oldest first, as a verifier lists the doses.
  const immunizations = rows.map((r) => r.resource).reverse();
  const name = patient.Name.find((n) => n.Use?.toLowerCase() === 'official') ?? patient.Name[0];
  const patientPart = {
    family: name?.Family ?? '',
    given: name?.Given ?? [],
    birthDate: patient.BirthDate ?? null,
  };
  const key = await signingKey(deps);
  const sign = (doses: FhirResource[]) =>
    new CompactSign(
      deflateRawSync(
        Buffer.from(
          JSON.stringify({
            iss: issuerOf(deps),
            nbf: Math.floor(deps.clock.now().getTime() / 1000),
            vc: {
              type: SHC_TYPES,
              credentialSubject: { fhirVersion: '4.0.1', fhirBundle: cardBundle(patientPart, doses) },
            },
          }),
        ),
      ),
    )
      .setProtectedHeader({ alg: 'ES256', zip: 'DEF', kid: key.kid })
      .sign(key.privateKey);
  // One QR code (chunked codes are deprecated): a card too large for one carries the newest doses that fit.
  let doses = immunizations;
  let jws = await sign(doses);
  while (jws.length > SINGLE_QR_LIMIT && doses.length > 1) {
    doses = doses.slice(1);
    jws = await sign(doses);
  }
  const svg = await QRCode.toString(
    [
      { data: Buffer.from('shc:/'), mode: 'byte' },
      { data: numericOf(jws), mode: 'numeric' },
    ],
    { type: 'svg', errorCorrectionLevel: 'L', margin: 4 },
  );
  return { Jws: jws, Qr: `shc:/${numericOf(jws)}`, QrSvg: svg, Immunizations: doses };
}
