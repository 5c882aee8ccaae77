import type { RecommendedResource } from '@lantern/contracts';
import type { OutgoingEmail } from '../../providers/email/email-provider';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The welcome email: a plain text part and an HTML part, every value escaped. */
export function welcomeEmail(input: {
  to: string;
  parentName: string;
  schoolName: string;
  resources: RecommendedResource[];
  siteUrl: string;
}): OutgoingEmail {
  const firstName = input.parentName.split(/\s+/)[0] || input.parentName;
  const links = input.resources.map((r) => ({ ...r, url: `${input.siteUrl}${r.downloadUrl}` }));
  const subject = `Welcome to ${input.schoolName}`;
  const text = [
    `Dear ${firstName},`,
    '',
    `Thank you for your interest in ${input.schoolName}. Our admissions team will be in touch soon.`,
    ...(links.length
      ? ['', 'Resources chosen for your family:', ...links.map((r) => `- ${r.title}: ${r.url}`)]
      : []),
    '',
    'The download links are valid for a limited time.',
    '',
    `${input.schoolName} Admissions`,
  ].join('\n');
  const items = links
    .map(
      (r) =>
        `<li style="margin:0 0 12px"><a href="${escapeHtml(r.url)}" style="color:#3730a3;font-weight:600">${escapeHtml(r.title)}</a><br><span style="color:#475569">${escapeHtml(r.description)}</span></li>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.6">
<p>Dear ${escapeHtml(firstName)},</p>
<p>Thank you for your interest in ${escapeHtml(input.schoolName)}. Our admissions team will be in touch soon.</p>
${links.length ? `<p><strong>Resources chosen for your family:</strong></p><ul style="padding-left:18px">${items}</ul>` : ''}
<p style="color:#475569;font-size:14px">The download links are valid for a limited time.</p>
<p>${escapeHtml(input.schoolName)} Admissions</p>
</body></html>`;
  return { to: input.to, subject, text, html };
}
