-- Secrets sealed at rest (issue 24 item 7, decision 0088): every stored secret becomes a sealed value
-- ('sealed:v1:<key id>:...', AES-256-GCM envelope, platform/secrets.ts), so its column is text and no check reads
-- the clear value's shape any more. SQL cannot reach the key: the start's sealing pass (secrets-at-rest.ts, run
-- by startup.ts after the migrations and by the rotation command) seals the rows still in clear.
alter table signing_keys alter column private_jwk type text using private_jwk::text;
alter table health_card_keys alter column private_jwk type text using private_jwk::text;
alter table reputation_organization_settings drop constraint if exists reputation_organization_settings_api_key_check;
