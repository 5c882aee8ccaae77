import { describe, expect, it } from 'vitest';
import { highlightPlaceholders, previewBodyOf, previewSubject } from './preview-html';

describe('highlightPlaceholders', () => {
  it('fills known placeholders with sample data and marks them', () => {
    const { html, used, missing } = highlightPlaceholders(
      '<p>Dear {{parent_name}}, {$child_name} is welcome</p>',
    );
    expect(html).toContain('<mark data-variable="parent_name"');
    expect(html).toContain('>Sarah Johnson</mark>');
    expect(html).toContain('>Emma</mark>');
    expect(used).toEqual(['parent_name', 'child_name']);
    expect(missing).toEqual([]);
  });

  it('shows an unknown placeholder by name, in red, and lists it as missing', () => {
    const { html, missing } = highlightPlaceholders('<p>Hi {{favourite_colour}}</p>');
    expect(html).toContain('>[favourite_colour]</mark>');
    expect(html).toContain('#fee2e2');
    expect(missing).toEqual(['favourite_colour']);
  });

  it('puts values inside a tag in plain, so attributes are not broken by a mark', () => {
    const { html } = highlightPlaceholders(
      '<a href="https://x.test/?n={{child_name}}" title="{{parent_name}}">Go</a>',
    );
    expect(html).toBe('<a href="https://x.test/?n=Emma" title="Sarah Johnson">Go</a>');
  });

  it('escapes sample values so they cannot add markup', () => {
    const { html } = highlightPlaceholders('<p>{{x}}</p>', { x: '<img src=x onerror=alert(1)>' });
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img');
  });
});

describe('previewBodyOf', () => {
  it('keeps a fragment as it is', () => {
    expect(previewBodyOf('<p>Hello</p>')).toEqual({ html: '<p>Hello</p>', isFullDocument: false });
  });

  it('renders a full document by its body only', () => {
    const doc = '<!DOCTYPE html><html><head><title>T</title></head><body class="x"><p>Hi</p></body></html>';
    expect(previewBodyOf(doc)).toEqual({ html: '<p>Hi</p>', isFullDocument: true });
  });
});

describe('previewSubject', () => {
  it('fills the subject with sample data as text', () => {
    expect(previewSubject('Hello {{parent_name}} & {{nope}}')).toBe('Hello Sarah Johnson & [nope]');
  });
});
