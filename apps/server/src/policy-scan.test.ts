import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Decision 0080: access to a practice's objects is decided by platform/access.ts alone. A module keeps no role
 * list (an array or Set of role codes), compares no caller's roles (`.roles.includes(...)`) and checks no
 * ownership by hand (`=== context.organizationId`): it names a ROLE_SETS entry and calls the policy.
 */
const ROLE_CODES = new Set([
  'practiceadmin',
  'staff',
  'provider',
  'superuser',
  'supportagent',
  'financialsuperuser',
]);
/** Array properties that hold a practitioner role's codes as data (a query filter, a new role), not a rule. */
const DATA_PROPERTIES = new Set(['Code', 'codes']);

/**
 * Not yet moved (issue 23 item 1): the appointments room rule, which the rooms work moves onto the request
 * context. Each entry is a file; a new file is never added here.
 */
const PENDING = new Set(['appointments/realtime.ts']);

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
    `;
    expect(policyFindings(planted).map((f) => f.replace(/^module\.ts:\d+ /, ''))).toEqual([
      'role list',
      'role set',
      'role list',
      'role comparison',
      'ownership comparison',
    ]);
  });

  it('finds no module-local role list or access check under apps/server/src/modules', () => {
    const root = join(__dirname, 'modules');
    const findings = moduleFiles(root)
      .filter((file) => !PENDING.has(relative(root, file).split('\\').join('/')))
      .flatMap((file) => policyFindings(readFileSync(file, 'utf8'), relative(root, file)));
    expect(findings).toEqual([]);
  });
});
