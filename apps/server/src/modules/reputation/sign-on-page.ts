import { maskApiKey } from './service';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The stand-in reputation site's landing page: what a real site would receive from the sign-on form, so the
 * flow can be followed offline. The key is shown masked with its length; the page has no script and no style.
 */
export function signOnPage(fields: {
  emailId?: string | undefined;
  apiKey?: string | undefined;
  redirectURL?: string | undefined;
}): string {
  const row = (name: string, value: string) =>
    `<tr><th scope="row">${name}</th><td>${escape(value)}</td></tr>`;
  const key = fields.apiKey ?? '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reputation management sign-on received</title></head>
<body>
<main>
<h1>Reputation management sign-on received</h1>
<p>This is CareSlot's built-in stand-in for the reputation site (set REPUTATION_SIGN_ON_URL to use a real one). It received:</p>
<table>
<tbody>
${row('emailId', fields.emailId ?? '')}
${row('apiKey', key ? `${maskApiKey(key)} (${key.length} characters)` : '')}
${row('redirectURL', fields.redirectURL ?? '')}
</tbody>
</table>
</main>
</body>
</html>`;
}
