import { describe, expect, it } from 'vitest';
import { plainTextOf } from './plain-text';

describe('plainTextOf', () => {
  it('turns blocks into paragraphs and keeps placeholders', () => {
    expect(plainTextOf('<h1>Welcome</h1><p>Dear {{parent_name}},</p><p>See you soon.</p>')).toBe(
      'Welcome\n\nDear {{parent_name}},\n\nSee you soon.',
    );
  });

  it('keeps link addresses, lists and line breaks, and decodes entities', () => {
    expect(
      plainTextOf('<ul><li>One</li><li>Two</li></ul><p>A&amp;B<br>C <a href="https://x.test">Visit</a></p>'),
    ).toBe('- One\n- Two\n\nA&B\nC Visit (https://x.test)');
  });

  it('drops scripts, styles and comments', () => {
    expect(plainTextOf('<style>p{}</style><script>alert(1)</script><!-- note --><p>Text</p>')).toBe('Text');
  });
});
