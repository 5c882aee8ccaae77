import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUnsubscribeLinks, withUnsubscribeLink } from './unsubscribe-links';

const key = crypto.randomBytes(32);
const links = createUnsubscribeLinks({ key, publicUrl: 'https://school.example/' });
const campaign = crypto.randomUUID();
const lead = crypto.randomUUID();
const other = crypto.randomUUID();

describe('unsubscribe tokens', () => {
  it('name the campaign and the lead in 64 URL-safe characters, under the public address', () => {
    const token = links.tokenFor(campaign, lead);
    expect(token).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(links.verify(token)).toEqual({ campaignId: campaign, leadId: lead });
    expect(links.urlFor(campaign, lead)).toBe(`https://school.example/u/${token}`);
    // Upper-case uuids name the same campaign and lead.
    expect(links.tokenFor(campaign.toUpperCase(), lead.toUpperCase())).toBe(token);
  });

  it('refuses ids that are not uuids when making one', () => {
    expect(() => links.tokenFor('42', lead)).toThrow();
    expect(() => links.tokenFor(campaign, `${lead}0`)).toThrow();
  });

  it('rejects every changed character, a cut or lengthened token and garbage, without throwing', () => {
    const token = links.tokenFor(campaign, lead);
    for (let i = 0; i < token.length; i++) {
      const changed = token[i] === 'A' ? 'B' : 'A';
      expect(links.verify(token.slice(0, i) + changed + token.slice(i + 1)), `position ${i}`).toBeNull();
    }
    for (const bad of [
      '',
      token.slice(0, -1),
      token.slice(1),
      `${token}A`,
      `${token}==`,
      // Standard base64's alphabet instead of base64url's.
      `${token.slice(0, 63)}+`,
      `/${token.slice(1)}`,
      `${token.slice(0, 60)}%41%41`,
      'x'.repeat(64),
      'x'.repeat(100_000),
      '../../etc/passwd',
      '\u0000'.repeat(64),
      'é'.repeat(64),
      undefined as unknown as string,
      42 as unknown as string,
    ])
      expect(links.verify(bad)).toBeNull();
  });

  it('cannot be forged by swapping the parts of two genuine tokens', () => {
    const mine = Buffer.from(links.tokenFor(campaign, lead), 'base64url');
    const theirs = Buffer.from(links.tokenFor(campaign, other), 'base64url');
    const forged = Buffer.concat([theirs.subarray(0, 32), mine.subarray(32)]).toString('base64url');
    expect(links.verify(forged)).toBeNull();
    // The two ids swapped (the lead as the campaign and the other way round).
    const swapped = Buffer.concat([mine.subarray(16, 32), mine.subarray(0, 16), mine.subarray(32)]);
    expect(links.verify(swapped.toString('base64url'))).toBeNull();
  });

  it('is only valid under the key that signed it', () => {
    const elsewhere = createUnsubscribeLinks({
      key: crypto.randomBytes(32),
      publicUrl: 'https://school.example',
    });
    expect(elsewhere.verify(links.tokenFor(campaign, lead))).toBeNull();
  });
});

const URL_ = 'https://school.example/u/TOKEN';

describe('the unsubscribe link in a message', () => {
  it('fills every spelling of the placeholder, in HTML and in the text', () => {
    const result = withUnsubscribeLink(
      {
        html: '<p><a href="{{unsubscribe}}">Unsubscribe</a> or {{ unsubscribe }} or <a href={$unsubscribe}>here</a></p>',
        text: 'Unsubscribe: {{unsubscribe}} ({$unsubscribe})',
      },
      URL_,
    );
    expect(result.html).toBe(
      `<p><a href="${URL_}">Unsubscribe</a> or ${URL_} or <a href=${URL_}>here</a></p>`,
    );
    expect(result.text).toBe(`Unsubscribe: ${URL_} (${URL_})`);
  });

  it('escapes the address in HTML', () => {
    const url = 'https://school.example/u/a?x=1&y="2"<b>';
    const { html, text } = withUnsubscribeLink({ html: '<a href="{{unsubscribe}}">Stop</a>', text: '' }, url);
    expect(html).toBe('<a href="https://school.example/u/a?x=1&amp;y=&quot;2&quot;&lt;b&gt;">Stop</a>');
    expect(text).toContain(url);
  });

  it('appends a footer link before </body> when the content has no placeholder', () => {
    const { html, text } = withUnsubscribeLink(
      { html: '<html><body><p>Hello</p></body></html>', text: 'Hello\n\n' },
      URL_,
    );
    expect(html).toMatch(
      new RegExp(
        `^<html><body><p>Hello</p><p [^>]*>Don't want these emails\\? <a href="${URL_}"[^>]*>Unsubscribe</a></p>\\n</body></html>$`,
      ),
    );
    expect(text).toBe(`Hello\n\nDon't want these emails? Unsubscribe: ${URL_}\n`);
  });

  it('appends the footer at the end of content without a body, and before the last </body> of many', () => {
    expect(withUnsubscribeLink({ html: '<p>Hi</p>', text: 'Hi' }, URL_).html).toMatch(
      new RegExp(`^<p>Hi</p>\\n<p [^>]*>.*href="${URL_}".*</p>$`),
    );
    const twice = withUnsubscribeLink({ html: '<p>a</p></body><p>b</p></BODY >', text: '' }, URL_).html;
    expect(twice.indexOf(URL_)).toBeGreaterThan(twice.indexOf('<p>b</p>'));
    expect(twice.endsWith('</BODY >')).toBe(true);
  });

  it('still adds a link to click when the placeholder sits where nobody can click it', () => {
    const { html } = withUnsubscribeLink(
      {
        html: '<html><head><title>{{unsubscribe}}</title></head><body><!-- {{unsubscribe}} --><img alt="{{unsubscribe}}" src="x.png"></body></html>',
        text: '',
      },
      URL_,
    );
    expect(html).not.toContain('{{unsubscribe}}');
    expect(html).toContain(`<img alt="${URL_}" src="x.png">`);
    expect(html.match(new RegExp(`href="${URL_}"`, 'g'))).toHaveLength(1);
  });

  it('adds nothing the second time, nor to content that already links to the address', () => {
    const once = withUnsubscribeLink({ html: '<body><p>Hello</p></body>', text: 'Hello' }, URL_);
    expect(withUnsubscribeLink(once, URL_)).toEqual(once);
    const footer = { html: `<p>Hi</p><p><a href='${URL_}'>Unsubscribe</a></p>`, text: `Stop: ${URL_}` };
    expect(withUnsubscribeLink(footer, URL_)).toEqual(footer);
  });

  it('keeps other placeholders and a different unsubscribe address for the renderer', () => {
    const { html } = withUnsubscribeLink(
      {
        html: '<p>{{parent_name}} {{unsubscribe_reason}} <a href="https://elsewhere.example/u/OTHER">x</a></p>',
        text: '',
      },
      URL_,
    );
    expect(html).toContain('{{parent_name}} {{unsubscribe_reason}}');
    expect(html).toContain(`href="${URL_}"`);
  });
});
