import { describe, expect, it } from 'vitest';
import { categoryLabel, confidenceStyle, matchStyle, methodLabel, methodStyle, percent } from './format';

describe('search match colours', () => {
  it('are green from 90%, blue from 80%, yellow from 70%, grey below', () => {
    expect(matchStyle(1)).toContain('emerald');
    expect(matchStyle(0.9)).toContain('emerald');
    expect(matchStyle(0.899)).toContain('sky');
    expect(matchStyle(0.8)).toContain('sky');
    expect(matchStyle(0.75)).toContain('amber');
    expect(matchStyle(0.7)).toContain('amber');
    expect(matchStyle(0.69)).toContain('slate');
  });
});

describe('extraction confidence colours', () => {
  it('are green from 0.8, yellow from 0.6, red below', () => {
    expect(confidenceStyle(0.95)).toContain('emerald');
    expect(confidenceStyle(0.8)).toContain('emerald');
    expect(confidenceStyle(0.79)).toContain('amber');
    expect(confidenceStyle(0.6)).toContain('amber');
    expect(confidenceStyle(0.59)).toContain('red');
  });
});

describe('extraction method colours', () => {
  it('set text read from images and manual chunks apart from the rest', () => {
    expect(methodStyle('vision')).toContain('violet');
    expect(methodStyle('ocr')).toContain('violet');
    expect(methodStyle('manual')).toContain('amber');
    expect(methodStyle('pdf')).toContain('slate');
    expect(methodStyle('docx')).toBe(methodStyle('markdown'));
  });

  it('name methods as staff know them and keep unknown ones as they are', () => {
    expect(methodLabel('vision')).toBe('AI vision');
    expect(methodLabel('pdf')).toBe('PDF');
    expect(methodLabel('scanner')).toBe('scanner');
  });
});

describe('labels', () => {
  it('show categories in words, manual chunks included, and similarities as whole percentages', () => {
    expect(categoryLabel('special-needs')).toBe('Special Needs');
    expect(categoryLabel('manual')).toBe('Manual');
    expect(categoryLabel('other')).toBe('other');
    expect(percent(0.874)).toBe('87%');
    expect(percent(1)).toBe('100%');
  });
});
