import { describe, expect, it } from 'vitest';
import { placeholdersIn, renderTemplate, validateTemplateText } from './message-templates';

const values = {
  patientFirstName: 'Lucía',
  providerName: 'Dr. Olivia Bennett, MD',
  appointmentDate: 'Tuesday, December 8, 2026',
  appointmentTime: '10:00 AM EST',
  locationAddress: 'Lakeside Clinic, 100 Main Street',
  reason: 'Knee pain',
  link: 'https://care.example/portal/1',
};

describe('message templates (decision 0061)', () => {
  it('fills placeholders and keeps sections whose values are known', () => {
    expect(
      renderTemplate(
        'Hello {{patientFirstName}}, your visit with {{ providerName }}[[ on {{appointmentDate}} at {{appointmentTime}}]] is confirmed.',
        values,
      ),
    ).toBe(
      'Hello Lucía, your visit with Dr. Olivia Bennett, MD on Tuesday, December 8, 2026 at 10:00 AM EST is confirmed.',
    );
  });

  it('leaves the date, time and place out when details are off, and the reason when it is hidden', () => {
    const template =
      'Your visit with {{providerName}}[[ on {{appointmentDate}} at {{appointmentTime}}]] is confirmed.\n[[Where: {{locationAddress}}]]\n[[Reason: {{reason}}]]\nBye';
    expect(renderTemplate(template, values, { sendAppointmentDetails: false, hideReason: false })).toBe(
      'Your visit with Dr. Olivia Bennett, MD is confirmed.\n\nReason: Knee pain\nBye',
    );
    expect(
      renderTemplate(template, values, { sendAppointmentDetails: true, hideReason: true }),
    ).not.toContain('Knee pain');
    // A hidden placeholder outside a section is written as nothing.
    expect(
      renderTemplate('Why: {{reason}}.', values, { sendAppointmentDetails: true, hideReason: true }),
    ).toBe('Why: .');
  });

  it('never reads a value as a template, and escapes text and values in HTML', () => {
    const evil = { ...values, patientFirstName: '{{link}} <script>alert(1)</script>', reason: '[[x]] & "y"' };
    expect(renderTemplate('Hi {{patientFirstName}}: {{reason}}', evil)).toBe(
      'Hi {{link}} <script>alert(1)</script>: [[x]] & "y"',
    );
    const html = renderTemplate('<b>Hi</b> {{patientFirstName}}\n{{reason}}', evil, undefined, 'html');
    expect(html).toBe(
      '&lt;b&gt;Hi&lt;/b&gt; {{link}} &lt;script&gt;alert(1)&lt;/script&gt;<br>\n[[x]] &amp; &quot;y&quot;',
    );
  });

  it('refuses unknown placeholders, broken braces and sections, and texts too long, naming the field and the rule', () => {
    expect(placeholdersIn('{{a}} {{ b }} {{a}}')).toEqual(['a', 'b']);
    const unknown = validateTemplateText('body.Body', 'Hi {{patientName}} {{constructor}}', 'email');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ field: 'body.Body', rule: 'placeholder' });
    expect(unknown[0]!.message).toContain('{{patientName}}, {{constructor}}');
    expect(validateTemplateText('body.Body', 'Hi {{patientFirstName}', 'email')[0]).toMatchObject({
      rule: 'syntax',
    });
    expect(validateTemplateText('body.Body', 'Hi [[ {{link}}', 'email')[0]).toMatchObject({ rule: 'syntax' });
    expect(validateTemplateText('body.Body', '[[a [[b]] ]]', 'email')[0]).toMatchObject({ rule: 'syntax' });
    expect(validateTemplateText('body.Body', 'x'.repeat(321), 'sms')[0]).toMatchObject({
      rule: 'max_length',
      message: 'must be at most 320 characters',
    });
    expect(validateTemplateText('body.Subject', 'a\nb', 'email', 'subject')[0]).toMatchObject({
      rule: 'syntax',
    });
    expect(
      validateTemplateText('body.Body', 'Hello {{patientFirstName}}[[ at {{appointmentTime}}]]', 'sms'),
    ).toEqual([]);
  });
});
