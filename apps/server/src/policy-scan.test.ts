import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Decision 0080: access to a practice's objects is decided by platform/access.ts alone. A module keeps no role
 * list (an array or Set of role codes), compares no caller's roles (`.roles.includes(...)`), checks no
 * ownership by hand (`=== context.organizationId`), asks none of the policy's predicates about the caller
 * (isPracticeUser, isSupportUser, isSuperUser: callersPractice or a rule of the policy instead) and writes no
 * refusal's audit row by hand (an outcome of denied or not_found: the policy's refusals, refusePractice,
 * notFoundAudited): it names a ROLE_SETS entry and calls the policy.
 */
const ROLE_CODES = new Set([
  'practiceadmin',
  'staff',
  'provider',
  'superuser',
  'supportagent',
  'financialsuperuser',
  'FinancialSuperUser',
]);
/** The policy's own questions about the caller: a module that asks them is deciding access itself. */
const POLICY_PREDICATES = new Set(['isPracticeUser', 'isSupportUser', 'isSuperUser']);
/** Audit outcomes of a refusal: written only by the policy (a module's own rows record what it did). */
const REFUSAL_OUTCOMES = new Set(['denied', 'not_found']);
/** Array properties that hold a practitioner role's codes as data (a query filter, a new role), not a rule. */
const DATA_PROPERTIES = new Set(['Code', 'codes']);

export function policyFindings(source: string, file = 'module.ts'): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${what}`);
  const roleArray = (node: ts.Node): node is ts.ArrayLiteralExpression =>
    ts.isArrayLiteralExpression(node) &&
    node.elements.some((e) => ts.isStringLiteralLike(e) && ROLE_CODES.has(e.text));
  const visit = (node: ts.Node) => {
    if (roleArray(node)) {
      const parent = node.parent;
      const data =
        ts.isPropertyAssignment(parent) &&
        ts.isIdentifier(parent.name) &&
        DATA_PROPERTIES.has(parent.name.text);
      if (!data) at(node, 'role list');
    }
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'Set' &&
      node.arguments?.some((a) => roleArray(a))
    )
      at(node, 'role set');
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['includes', 'some', 'every', 'has'].includes(node.expression.name.text) &&
      ts.isPropertyAccessExpression(node.expression.expression) &&
      node.expression.expression.name.text === 'roles'
    )
      at(node, 'role comparison');
    if (
      ts.isBinaryExpression(node) &&
      [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(
        node.operatorToken.kind,
      ) &&
      [node.left, node.right].some(
        (side) => ts.isPropertyAccessExpression(side) && side.getText() === 'context.organizationId',
      )
    )
      at(node, 'ownership comparison');
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'requireRoles' &&
      node.arguments.some((a) => ts.isStringLiteralLike(a) && ROLE_CODES.has(a.text))
    )
      at(node, 'role list');
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      POLICY_PREDICATES.has(node.expression.text)
    )
      at(node, 'policy predicate');
    const refusalOutcome = (e: ts.Node | undefined) =>
      e !== undefined && ts.isStringLiteralLike(e) && REFUSAL_OUTCOMES.has(e.text);
    if (
      (ts.isPropertyAssignment(node) &&
        ts.isIdentifier(node.name) &&
        node.name.text === 'outcome' &&
        refusalOutcome(node.initializer)) ||
      (ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        ['recordOutcome', 'recordPracticeOutcome'].includes(node.expression.text) &&
        refusalOutcome(node.arguments[3]))
    )
      at(node, 'hand-written refusal');
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return moduleFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the practice-object policy has one home (decision 0080)', () => {
  it('finds a planted role list, role set, role comparison and ownership check', () => {
    const planted = `
      const EDITORS = ['practiceadmin', 'staff'];
      const READERS = new Set(['provider']);
      export function mayEdit(context) {
        if (!context.roles.includes('practiceadmin')) throw forbidden();
        if (object.organizationId !== context.organizationId) throw notFound();
      }
      const filter = { Code: ['provider'] };
      app.get('/x', { preHandler: requireRoles('practiceadmin', 'staff') }, handler);
      app.get('/y', { preHandler: requireRoles(...ROLE_SETS.ADMINS) }, handler);
    `;
    expect(policyFindings(planted).map((f) => f.replace(/^module\.ts:\d+ /, ''))).toEqual([
      'role list',
      'role set',
      'role list',
      'role comparison',
      'ownership comparison',
      'role list',
    ]);
  });

  it("finds a planted check on the policy's predicates and a hand-written refusal", () => {
    const planted = `
      async function ownReader(context, organizationId) {
        if (!isSupportUser(context) && !actsForPractice(context, organizationId)) throw notFound();
        const practice = isPracticeUser(context) ? context.organizationId : null;
        if (isSuperUser(context)) return null;
        await recordPracticeOutcome(context, 'read', object, 'denied');
        await audit(db, context, { action: 'update', outcome: 'not_found' });
        await recordOutcome(context, 'read', resource, 'success');
        await audit(db, context, { action: 'update', outcome: 'success' });
      }
    `;
    expect(policyFindings(planted).map((f) => f.replace(/^module\.ts:\d+ /, ''))).toEqual([
      'policy predicate',
      'policy predicate',
      'policy predicate',
      'hand-written refusal',
      'hand-written refusal',
    ]);
  });

  it('finds no module-local role list or access check under apps/server/src/modules', () => {
    const root = join(__dirname, 'modules');
    const findings = moduleFiles(root).flatMap((file) =>
      policyFindings(readFileSync(file, 'utf8'), relative(root, file)),
    );
    expect(findings).toEqual([]);
  });
});
