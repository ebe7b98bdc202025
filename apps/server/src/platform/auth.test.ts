import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { authenticateRequest } from './auth';
import type { ProductClaims, TokenService } from './tokens';

const base = {
  sub: 'sub-1',
  email: 'a@example.test',
  user_roles: ['staff'],
  user_type: 'Practitioner',
} as ProductClaims;

function tokensAnswering(claims: ProductClaims): TokenService {
  return { verify: async () => claims } as unknown as TokenService;
}

async function principalOf(claims: ProductClaims, organizations: Record<string, string>) {
  const asked: string[] = [];
  const hook = authenticateRequest(tokensAnswering(claims), async (c) => {
    const key = `${c.electronic_claim_id}|${c.PracticeId}`;
    asked.push(key);
    return organizations[key] ?? null;
  });
  const request = { headers: { authorization: 'Bearer token' } } as unknown as FastifyRequest;
  await hook(request);
  return { principal: request.principal, asked };
}

describe('the principal of a legacy EHR sign-in (decision 0021)', () => {
  it('acts for the organization its EHR practice number names', async () => {
    const { principal, asked } = await principalOf(
      { ...base, electronic_claim_id: '1001', PracticeId: '1001' },
      { '1001|1001': 'org-uuid' },
    );
    expect(asked).toEqual(['1001|1001']);
    expect(principal?.organizationId).toBe('org-uuid');
  });

  it('acts for no practice when no organization holds the identifier', async () => {
    const { principal } = await principalOf({ ...base, electronic_claim_id: '1001', PracticeId: '9999' }, {});
    expect(principal?.organizationId).toBeNull();
  });

  it('keeps the PracticeId of a token without electronic_claim_id, without a look-up', async () => {
    const { principal, asked } = await principalOf({ ...base, PracticeId: 'org-uuid-2' }, {});
    expect(asked).toEqual([]);
    expect(principal?.organizationId).toBe('org-uuid-2');
  });
});
