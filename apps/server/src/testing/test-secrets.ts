/**
 * The key test apps seal stored secrets with (the template's demo secrets are sealed with it too): fixed, so a
 * second app on the same database opens what the first sealed. A test of other keys passes its own SECRETS_KEY.
 */
export const TEST_SECRETS_KEY = `test:${Buffer.alloc(32, 7).toString('base64')}`;
