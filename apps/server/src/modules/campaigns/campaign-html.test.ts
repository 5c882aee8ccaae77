import { describe, expect, it } from 'vitest';
import {
  avoidTermsUsed,
  campaignPlainText,
  keepPlaceholders,
  sanitizeCampaignHtml,
  unsupportedFacts,
} from './campaign-html';

// The checks every campaign HTML goes through; the hostile cases first.

describe('sanitizeCampaignHtml', () => {
  it.each([
    ['<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>', '<script> elements'],
    ['<img src="x.png" onerror="alert(1)">', '<img src="x.png" />', 'event handler attributes'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>', 'script or data URLs'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>', 'script or data URLs'],
    ['<img src="data:text/html;base64,PHNjcmlwdD4=">', '<img />', 'script or data URLs'],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>', 'embedded or form elements'],
    ['<form action="https://evil.example"><input></form>', '', 'embedded or form elements'],
    ['<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>', 'script in CSS'],
    [
      '<style>p{width:expression(alert(1))}</style><p>x</p>',
      '<style>p{width:alert(1))}</style><p>x</p>',
      'script in CSS',
    ],
  ])('removes what runs: %s', (input, output, what) => {
    const { html, removed } = sanitizeCampaignHtml(input);
    expect(html).toBe(output);
    expect(removed).toContain(what);
  });

  it('keeps placeholders in text and links, and email layout', () => {
    const input =
      '<table width="600" cellpadding="0"><tr><td style="color:#111">Dear {{parent_name}}, {$child_name}</td></tr></table><a href="{{unsubscribe}}">Unsubscribe</a>';
    expect(sanitizeCampaignHtml(input)).toEqual({ html: input, removed: [] });
  });
});

describe('keepPlaceholders', () => {
  it('puts back the unsubscribe link and the greeting, and flags any other dropped placeholder', () => {
    const before = '<p>Dear {{parent_name}},</p><p>{{child_name}}</p><a href="{{unsubscribe}}">u</a>';
    const { html, flags } = keepPlaceholders(before, '<p>Hello!</p>');
    expect(html).toContain('{{unsubscribe}}');
    expect(html.startsWith('<p>Dear {{parent_name}},</p>')).toBe(true);
    expect(flags.map((f) => f.kind).sort()).toEqual([
      'placeholder_dropped',
      'placeholder_restored',
      'placeholder_restored',
    ]);
    expect(flags.find((f) => f.kind === 'placeholder_dropped')!.message).toContain('{{child_name}}');
  });

  it('changes nothing when every placeholder is kept', () => {
    const html = '<body><p>{{parent_name}}</p><a href="{{unsubscribe}}">u</a></body>';
    expect(keepPlaceholders(html, html)).toEqual({ html, flags: [] });
  });
});

describe('facts and terms', () => {
  it('finds prices, dates, times and figures that no source states', () => {
    const text =
      'Fees are $12,500 (or 12,500 dollars). Visit on March 15 at 10am or 15/03/2026. We have 9 therapists and a 98% pass rate.';
    expect(unsupportedFacts(text, ['Open day March 15, 10am. Nine therapists.'])).toEqual([
      '$12,500',
      '12,500 dollars',
      '15/03/2026',
      '9',
      '98%',
    ]);
    expect(unsupportedFacts('Ages {{child_age}} and up', [])).toEqual([]);
    expect(unsupportedFacts('The fee is $75.', ['The application fee is $75.'])).toEqual([]);
  });

  it('finds avoid terms as whole words in any case', () => {
    expect(
      avoidTermsUsed('No GUARANTEES here; medical   advice aside', ['guarantees', 'medical advice', 'cure']),
    ).toEqual(['guarantees', 'medical advice']);
    expect(avoidTermsUsed('secure', ['cure'])).toEqual([]);
  });

  it('derives plain text with placeholders kept', () => {
    expect(
      campaignPlainText('<h1>Hi {{parent_name}}</h1><p><a href="{{unsubscribe}}">Unsubscribe</a></p>'),
    ).toBe('Hi {{parent_name}}\n\nUnsubscribe ({{unsubscribe}})');
  });
});
